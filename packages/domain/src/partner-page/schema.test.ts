import { describe, expect, it } from 'vitest';
import { isEmptyDescription, PARTNER_PAGE, partnerPageLinkIssue, partnerPageSchema } from './schema';

const valid = { contactEmail: 'Obchod@Sport-Demo.cz' };
const messages = (input: Record<string, unknown>) => {
  const result = partnerPageSchema.safeParse(input);
  // The first issue of a field is what the form shows.
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.reverse().map((i) => [i.path.join('.'), i.message]));
};

describe('partner page schema', () => {
  it('needs only the contact e-mail and fills the rest empty', () => {
    expect(partnerPageSchema.parse(valid)).toEqual({
      tagline: '',
      description: '',
      webUrl: '',
      termsUrl: '',
      complaintsUrl: '',
      contactEmail: 'obchod@sport-demo.cz',
      contactPhone: '',
    });
    expect(messages({})).toMatchObject({ contactEmail: 'required' });
    expect(messages({ contactEmail: '  ' })).toMatchObject({ contactEmail: 'required' });
    expect(messages({ contactEmail: 'no-at-sign' })).toMatchObject({ contactEmail: 'email' });
  });

  it('takes only http(s) links without credentials', () => {
    expect(partnerPageLinkIssue('https://www.sport-demo.cz/obchodni-podminky')).toBeNull();
    expect(partnerPageLinkIssue('javascript:alert(1)')).toBe('url');
    expect(partnerPageLinkIssue('data:text/html,<script>alert(1)</script>')).toBe('url');
    expect(partnerPageLinkIssue('ftp://sport-demo.cz')).toBe('url');
    expect(partnerPageLinkIssue('www.sport-demo.cz')).toBe('url');
    expect(partnerPageLinkIssue('https://user:secret@sport-demo.cz')).toBe('urlCredentials');
    expect(messages({ ...valid, termsUrl: 'javascript:alert(1)' })).toMatchObject({ termsUrl: 'url' });
    expect(messages({ ...valid, webUrl: `https://a.cz/${'x'.repeat(PARTNER_PAGE.urlMax)}` })).toMatchObject({
      webUrl: 'max',
    });
  });

  it('bounds the texts and refuses control characters', () => {
    expect(messages({ ...valid, tagline: 'x'.repeat(PARTNER_PAGE.taglineMax) })).toEqual({});
    expect(messages({ ...valid, tagline: 'x'.repeat(PARTNER_PAGE.taglineMax + 1) })).toMatchObject({ tagline: 'max' });
    expect(messages({ ...valid, description: 'x'.repeat(100_000) })).toMatchObject({ description: 'max' });
    expect(messages({ ...valid, description: '<p>line one</p>\n<p>line two</p>' })).toEqual({});
    expect(messages({ ...valid, tagline: 'two\nlines' })).toMatchObject({ tagline: 'invalidCharacters' });
  });

  it('takes a phone as people write it and refuses what cannot be dialled', () => {
    expect(messages({ ...valid, contactPhone: '+420 601 123 456' })).toEqual({});
    expect(messages({ ...valid, contactPhone: '(01) 234-5678' })).toEqual({});
    expect(messages({ ...valid, contactPhone: 'call us' })).toMatchObject({ contactPhone: 'phone' });
    expect(messages({ ...valid, contactPhone: '12345' })).toMatchObject({ contactPhone: 'phone' });
  });

  it('knows an empty editor is no description', () => {
    expect(isEmptyDescription('<p></p>')).toBe(true);
    expect(isEmptyDescription('<p><br></p><p> </p>')).toBe(true);
    expect(isEmptyDescription('<p>Hi</p>')).toBe(false);
  });
});
