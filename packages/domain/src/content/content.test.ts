import { describe, expect, it } from 'vitest';
import {
  CONTENT_LIMITS,
  faqInputSchema,
  faqSearchTerm,
  pickContentText,
  plainTextOf,
  serviceInputSchema,
} from './content';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? {} : Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));

const en = { lang: 'en', title: 'Feed manager', summary: 'Feeds every 45 minutes' };

describe('service input', () => {
  it('accepts a service written in English only, with defaults', () => {
    const parsed = serviceInputSchema.parse({ serviceName: 'feed-manager', provider: 'Feedly s.r.o.', texts: [en] });
    expect(parsed).toMatchObject({ link: null, position: 0, active: true });
    expect(parsed.texts[0]).toMatchObject({ body: '', price: '' });
  });

  it('needs English, each language once, a slug name and a known portal link', () => {
    const result = serviceInputSchema.safeParse({
      serviceName: 'Feed Manager',
      provider: ' ',
      link: 'https://evil.example',
      texts: [
        { ...en, lang: 'cs' },
        { ...en, lang: 'cs' },
      ],
    });
    expect(issues(result)).toEqual({
      serviceName: 'serviceName',
      provider: 'required',
      link: 'in',
      'texts.1.lang': 'termsLanguageTwice',
      texts: 'termsLanguageMissing',
    });
  });

  it('bounds the title on both sides of the limit', () => {
    const at = 'x'.repeat(CONTENT_LIMITS.titleMax);
    const ok = serviceInputSchema.safeParse({ serviceName: 'a', provider: 'p', texts: [{ ...en, title: at }] });
    const over = serviceInputSchema.safeParse({ serviceName: 'a', provider: 'p', texts: [{ ...en, title: `${at}x` }] });
    expect(ok.success).toBe(true);
    expect(issues(over)).toEqual({ 'texts.0.title': 'max' });
  });
});

describe('faq input', () => {
  it('needs a known topic and an answer', () => {
    const result = faqInputSchema.safeParse({
      topic: 'weather',
      texts: [{ lang: 'en', question: 'Why?', answer: '' }],
    });
    expect(issues(result)).toEqual({ topic: 'in', 'texts.0.answer': 'required' });
  });
  it('is a draft unless published', () => {
    const parsed = faqInputSchema.parse({
      topic: 'orders',
      texts: [{ lang: 'en', question: 'Why?', answer: 'Because.' }],
    });
    expect(parsed.published).toBe(false);
  });
});

describe('reading content', () => {
  const texts = [
    { lang: 'cs', title: 'Česky' },
    { lang: 'en', title: 'English' },
  ];
  it("gives the reader's language, else English", () => {
    expect(pickContentText(texts, 'cs')?.title).toBe('Česky');
    expect(pickContentText(texts, 'hu')?.title).toBe('English');
    expect(pickContentText([{ lang: 'sk', title: 'Slovensky' }], 'hu')?.title).toBe('Slovensky');
    expect(pickContentText([], 'hu')).toBeNull();
  });
  it('ignores searches shorter than two letters and folds spaces', () => {
    expect(faqSearchTerm(' a ')).toBeNull();
    expect(faqSearchTerm('  fa   ktura ')).toBe('fa ktura');
    expect(faqSearchTerm('x'.repeat(500))?.length).toBe(CONTENT_LIMITS.searchMax);
  });
  it('searches the words of an answer, not its tags', () => {
    expect(plainTextOf('<p>Faktura&nbsp;<strong>za</strong> objednávku</p><ul><li>A &amp; B</li></ul>')).toBe(
      'Faktura za objednávku A & B',
    );
  });
});
