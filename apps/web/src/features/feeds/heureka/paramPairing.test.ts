import { describe, expect, it } from 'vitest';
import { brandStateOf, canRequestBrand, parameterChoices, parameterLabel } from './paramPairingView';

type Parameter = { code: string; name: string; unit: string | null };
const COLOR: Parameter = { code: 'COLOR', name: 'Barva', unit: null };
const SIZE: Parameter = { code: 'SIZE', name: 'Velikost', unit: null };
const WEIGHT: Parameter = { code: 'WEIGHT', name: 'Hmotnost', unit: 'kg' };
const labels = { recommended: 'Doporučené', others: 'Ostatní', percent: (s: number) => `${Math.round(s * 100)} %` };

describe('the choices of a marketplace parameter', () => {
  it('lists the recommended parameters first with their score, then the others', () => {
    const choices = parameterChoices(
      [
        { parameter: COLOR, score: 0.9 },
        { parameter: SIZE, score: 0 },
        { parameter: WEIGHT, score: 0 },
      ],
      null,
      labels,
    );
    expect(choices).toEqual([
      { group: 'Doporučené', items: [{ value: 'COLOR', label: 'Barva (COLOR) – 90 %' }] },
      {
        group: 'Ostatní',
        items: [
          { value: 'SIZE', label: 'Velikost (SIZE)' },
          { value: 'WEIGHT', label: 'Hmotnost [kg] (WEIGHT)' },
        ],
      },
    ]);
  });

  it('keeps the paired parameter among the choices before the recommendations arrive', () => {
    expect(parameterChoices([], SIZE, labels)).toEqual([
      { group: 'Ostatní', items: [{ value: 'SIZE', label: 'Velikost (SIZE)' }] },
    ]);
    expect(parameterLabel(WEIGHT)).toBe('Hmotnost [kg] (WEIGHT)');
  });
});

describe('the state of a manufacturer', () => {
  it('is paired with an accepted brand, waiting for a requested one, refused, or unpaired', () => {
    expect(brandStateOf({ brandName: 'Abus', requested: false, requestStatus: null })).toBe('paired');
    expect(brandStateOf({ brandName: 'Zbrusu', requested: true, requestStatus: 'ACCEPTED' })).toBe('paired');
    expect(brandStateOf({ brandName: null, requested: true, requestStatus: 'PENDING' })).toBe('requested');
    expect(brandStateOf({ brandName: null, requested: true, requestStatus: 'REJECTED' })).toBe('rejected');
    expect(brandStateOf({ brandName: null, requested: false, requestStatus: null })).toBe('unpaired');
  });

  it('offers a brand request only when no brand is paired or awaited', () => {
    expect(canRequestBrand({ brandName: null, requested: false, requestStatus: null })).toBe(true);
    expect(canRequestBrand({ brandName: null, requested: true, requestStatus: 'REJECTED' })).toBe(true);
    expect(canRequestBrand({ brandName: null, requested: true, requestStatus: 'PENDING' })).toBe(false);
    expect(canRequestBrand({ brandName: 'Abus', requested: false, requestStatus: null })).toBe(false);
  });
});
