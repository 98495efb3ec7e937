import { describe, expect, it } from 'vitest';
import { fill, splitSentence } from './activity';

describe('an activity sentence', () => {
  it('splits into plain and linked runs', () => {
    expect(
      splitSentence('You changed the status of order <link>\uE000order\uE001</link> to \uE000status\uE001'),
    ).toEqual([
      { text: 'You changed the status of order ', link: false, at: 0 },
      { text: '\uE000order\uE001', link: true, at: 32 },
      { text: ' to \uE000status\uE001', link: false, at: 52 },
    ]);
    expect(splitSentence('You signed in')).toEqual([{ text: 'You signed in', link: false, at: 0 }]);
  });

  it('puts values in after the split, so a title that looks like markup stays text', () => {
    const [, linked] = splitSentence('You edited the product <link>\uE000product\uE001</link>');
    expect(fill(linked!.text, { product: 'Bike </link><b>x</b>' })).toBe('Bike </link><b>x</b>');
  });
});
