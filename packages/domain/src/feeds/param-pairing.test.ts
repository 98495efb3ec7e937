import { describe, expect, it } from 'vitest';
import {
  autoParameterChoice,
  autoParamValue,
  convertMeasure,
  type PairableParameter,
  rankParameters,
  varyingParamNames,
} from './param-pairing';

const COLOR: PairableParameter = {
  code: 'COLOR',
  class: 'ENUM',
  unit: null,
  names: ['Colour', 'Barva', 'Farba'],
  options: [
    { value: 'BLACK', texts: ['Black', 'Černá', 'Čierna'] },
    { value: 'RED', texts: ['Red', 'Červená'] },
  ],
};
const SIZE: PairableParameter = {
  code: 'SIZE',
  class: 'ENUM',
  unit: null,
  names: ['Size', 'Velikost'],
  options: ['S', 'M', 'L'].map((v) => ({ value: v, texts: [] })),
};
const SHOE_SIZE: PairableParameter = {
  code: 'SHOE_SIZE',
  class: 'ENUM',
  unit: 'EU',
  names: ['Shoe size', 'Velikost bot'],
  options: ['41', '42', '27.5'].map((v) => ({ value: v, texts: [] })),
};
const WEIGHT: PairableParameter = {
  code: 'WEIGHT',
  class: 'NUMBER',
  unit: 'kg',
  names: ['Weight', 'Hmotnost'],
  options: [],
};
const WATERPROOF: PairableParameter = {
  code: 'WATERPROOF',
  class: 'BOOLEAN',
  unit: null,
  names: ['Waterproof', 'Voděodolné'],
  options: [],
};

describe('ranking marketplace parameters for a PARAM_NAME', () => {
  it('finds the parameter by its name in any language, inflected, and pairs a clear winner', () => {
    const ranked = rankParameters('Barvy', [SIZE, COLOR, WEIGHT]);
    expect(ranked[0]).toMatchObject({ code: 'COLOR' });
    expect(autoParameterChoice(rankParameters('Barva', [SIZE, COLOR, WEIGHT]))).toMatchObject({ code: 'COLOR' });
    expect(autoParameterChoice(rankParameters('Hmotnost (kg)', [SIZE, COLOR, WEIGHT]))).toMatchObject({
      code: 'WEIGHT',
    });
  });

  it('leaves a close call to a person', () => {
    // "Velikost" names both the size and the shoe size.
    const ranked = rankParameters('Velikost', [SIZE, SHOE_SIZE]);
    expect(ranked.map((r) => r.code)).toEqual(['SIZE', 'SHOE_SIZE']);
    expect(autoParameterChoice(rankParameters('Velikost obuvi', [SIZE, SHOE_SIZE]))).toBeNull();
    expect(rankParameters('Záruka', [SIZE, COLOR])).toEqual([]);
  });
});

describe('a VAL as the parameter’s value', () => {
  it('takes an option by its code or its name in any language, folded', () => {
    expect(autoParamValue(COLOR, 'černá')).toBe('BLACK');
    expect(autoParamValue(COLOR, 'RED')).toBe('RED');
    expect(autoParamValue(COLOR, 'Fialová')).toBeNull();
    expect(autoParamValue(SHOE_SIZE, '42 EU')).toBe('42');
    expect(autoParamValue(SHOE_SIZE, '27,5')).toBe('27.5');
  });

  it('converts numbers between units of one dimension and refuses the others', () => {
    expect(autoParamValue(WEIGHT, '250 g')).toBe('0.25');
    expect(autoParamValue(WEIGHT, '1,5 kg')).toBe('1.5');
    expect(autoParamValue(WEIGHT, '2')).toBe('2');
    expect(autoParamValue(WEIGHT, '250 ml')).toBeNull();
    expect(autoParamValue(WEIGHT, 'lehká')).toBeNull();
    expect(convertMeasure('6.1"', 'cm')).toBeCloseTo(15.494);
  });

  it('reads yes and no in the portal’s languages', () => {
    expect(autoParamValue(WATERPROOF, 'Ano')).toBe('true');
    expect(autoParamValue(WATERPROOF, 'nie')).toBe('false');
    expect(autoParamValue(WATERPROOF, 'možná')).toBeNull();
  });
});

describe('the PARAMs a variant group varies by', () => {
  it('names those whose values differ, a missing one included', () => {
    const items = [
      [
        { name: 'Barva', value: 'Černá' },
        { name: 'Velikost', value: 'M' },
        { name: 'Materiál', value: 'Plast' },
      ],
      [
        { name: 'Barva', value: 'Černá' },
        { name: 'Velikost', value: 'L' },
        { name: 'Materiál', value: 'Plast' },
      ],
      [
        { name: 'Barva', value: 'Černá' },
        { name: 'Materiál', value: 'Plast' },
      ],
    ];
    expect(varyingParamNames(items)).toEqual(['Velikost']);
    expect(varyingParamNames(items.slice(0, 1))).toEqual([]);
  });
});
