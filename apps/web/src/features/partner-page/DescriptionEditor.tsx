import { PARTNER_PAGE } from '@pp/domain';
import { useTranslation } from 'react-i18next';
import { RichTextField } from '../../ui/RichTextField';

/**
 * "About the shop" as a few formatted paragraphs: bold, italic, underline and lists. No headings (the page has
 * its own), no links (the page's links are the fields below it, checked one by one). The counter counts the
 * HTML, as the server's limit does.
 */
export function DescriptionEditor({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (html: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <RichTextField
      value={value}
      onChange={onChange}
      error={error}
      label={t('partnerPage.fields.description')}
      description={t('partnerPage.counter', { count: value.length, max: PARTNER_PAGE.descriptionMax })}
      labels="partnerPage.editor"
      minHeight={160}
      testId="partner-page-description"
    />
  );
}
