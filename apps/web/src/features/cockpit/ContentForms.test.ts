import { describe, expect, it } from 'vitest';
import { keyed, textsOf, written } from './ContentForms';

describe("the cockpit's language tabs", () => {
  const texts = textsOf(
    [
      { lang: 'cs', title: 'Správce feedů', body: '<p></p>' },
      { lang: 'hu', title: '', body: '<p> </p>' },
    ],
    () => ({ title: '', body: '' }),
  );

  it('sends English always and the other languages only when something is written in them', () => {
    // English first (the fallback, its "missing" error belongs to it), an empty editor is no text.
    expect(written(texts).map((w) => w.lang)).toEqual(['en', 'cs']);
    expect(written(texts)[1]!.text).toEqual({ title: 'Správce feedů', body: '<p></p>' });
  });

  it("puts an error of the submitted list's n-th text on that language's tab", () => {
    const errors = keyed(
      { 'texts.1.title': 'required', 'texts.0.body': 'max', serviceName: 'taken', texts: 'missing en' },
      ['en', 'cs'],
    );
    expect(errors).toEqual({ 'cs.title': 'required', 'en.body': 'max', serviceName: 'taken', texts: 'missing en' });
  });
});
