import { describe, expect, it } from 'vitest';
import { normalizeHtml } from './RichTextField';

describe('normalizeHtml', () => {
  it('takes an empty editor for no text', () => {
    expect(normalizeHtml('<p></p>')).toBe('');
  });
  it('drops the empty paragraphs at the end, keeps those between paragraphs', () => {
    expect(normalizeHtml('<p>a</p><p></p><p>b</p><p></p><p></p>')).toBe('<p>a</p><p></p><p>b</p>');
    expect(normalizeHtml('<ul><li><p>x</p></li></ul><p></p>')).toBe('<ul><li><p>x</p></li></ul>');
  });
});
