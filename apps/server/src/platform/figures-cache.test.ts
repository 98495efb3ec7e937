import { describe, expect, it } from 'vitest';
import { createFiguresCache } from './figures-cache';

describe('figures cache', () => {
  it('computes once for a burst of callers and reuses the figures for the period', async () => {
    const cache = createFiguresCache(60_000);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return { n: computed };
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get('partner:1', compute)));
    expect(computed).toBe(1);
    expect(answers.every((a) => a.n === 1)).toBe(true);
    expect(await cache.get('partner:2', compute)).toEqual({ n: 2 });
  });

  it('computes every time with a period of 0, and never keeps a failure', async () => {
    const live = createFiguresCache(0);
    let n = 0;
    await live.get('k', async () => ++n);
    await live.get('k', async () => ++n);
    expect(n).toBe(2);
    const cache = createFiguresCache(60_000);
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });
});
