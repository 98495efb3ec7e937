import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of every layout's `main` landmark, the skip link's target. */
export const MAIN_ID = 'main-content';

/**
 * WCAG 2.4.1: the first thing Tab reaches, shown only while focused, moves focus past the header and the
 * navigation to the page's content. Focus is moved by hand so the router never sees a hash change.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus({ preventScroll: true });
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="pp-skip-link" href={`#${MAIN_ID}`} onClick={skip} data-testid="skip-link">
      {t('layout.skipToContent')}
    </a>
  );
}
