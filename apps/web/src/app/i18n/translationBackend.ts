import { TRANSLATION_PROJECT_ID } from '@pp/domain';
import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

export interface TranslationBackendOptions {
  fetch?: typeof fetch;
  /** Where the translation service lives; the server answers on the same origin. */
  baseUrl?: string;
}

export function translationUrl(language: string, baseUrl = ''): string {
  return `${baseUrl}/translations/localization/${TRANSLATION_PROJECT_ID}/${encodeURIComponent(language)}`;
}

/**
 * Loads a whole locale from the translation service (spec §7). Texts are never bundled: the translator's
 * latest work reaches users without a new build.
 */
export class TranslationBackend implements BackendModule<TranslationBackendOptions> {
  static type = 'backend' as const;
  type = 'backend' as const;
  callbackApi = true;
  private options: TranslationBackendOptions = {};

  constructor(_services?: unknown, options?: TranslationBackendOptions) {
    if (options) this.options = options;
  }

  init(_services: unknown, options: TranslationBackendOptions = {}): void {
    this.options = { ...this.options, ...options };
  }

  read(language: string, _namespace: string, callback: ReadCallback): void {
    const doFetch = this.options.fetch ?? ((input, init) => fetch(input, init));
    doFetch(translationUrl(language, this.options.baseUrl), { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`translations ${language}: HTTP ${response.status}`);
        callback(null, (await response.json()) as ResourceKey);
      })
      // i18next retries a failed read and then falls back to English texts.
      .catch((error: Error) => callback(error, false));
  }
}
