import { createApiClient } from './client';

/**
 * The app's single client. Its view of the session and language is wired in by the app at start-up
 * (see app/session and app/i18n), which keeps this module free of React and of the router.
 */
const wiring = {
  getToken: (): string | null => null,
  getPartnerId: (): string | null => null,
  getLanguage: (): string => 'cs',
  onSessionEnd: (): void => {},
  onSessionOutdated: (): void => {},
};

export function wireApi(parts: Partial<typeof wiring>): void {
  Object.assign(wiring, parts);
}

export const api = createApiClient({
  getToken: () => wiring.getToken(),
  getPartnerId: () => wiring.getPartnerId(),
  getLanguage: () => wiring.getLanguage(),
  onSessionEnd: () => wiring.onSessionEnd(),
  onSessionOutdated: () => wiring.onSessionOutdated(),
});
