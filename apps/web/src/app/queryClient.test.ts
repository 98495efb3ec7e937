import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from './i18n/i18n';
import { refetchOnLanguageChange } from './queryClient';

const noTranslations = vi.fn(async () => new Response('{}', { status: 200 })) as unknown as typeof fetch;

describe('a language switch', () => {
  it('makes every answer of the server stale, and reads the watched ones again in the new language', async () => {
    const i18n = await createI18n('cs', { fetch: noTranslations });
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    let calls = 0;
    const categories = vi.fn(async () => `categories ${++calls}`);
    await client.fetchQuery({ queryKey: ['categories'], queryFn: categories });
    const stop = refetchOnLanguageChange(i18n, client);

    await i18n.changeLanguage('en');
    expect(client.getQueryState(['categories'])?.isInvalidated).toBe(true);
    // A page that reads it now gets a fresh answer, not the Czech one kept forever.
    expect(await client.fetchQuery({ queryKey: ['categories'], queryFn: categories })).toBe('categories 2');

    stop();
    await i18n.changeLanguage('sk');
    expect(client.getQueryState(['categories'])?.isInvalidated).toBe(false);
  });
});
