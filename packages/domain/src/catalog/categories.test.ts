import { describe, expect, it } from 'vitest';
import {
  type CategoryParameterDef,
  type ParameterConstraint,
  parameterIssues,
  searchKey,
  variableParameterIssues,
} from './categories';

const def = (code: string, over: Partial<CategoryParameterDef> = {}): CategoryParameterDef => ({
  code,
  class: 'TEXT',
  unit: null,
  multiple: false,
  mandatoryForListing: false,
  variant: false,
  options: [],
  constraint: null,
  ...over,
});

const rulesOf = (defs: CategoryParameterDef[], values: Record<string, string | string[]>, forListing = false) =>
  parameterIssues(defs, values, { forListing }).map((i) => `${i.field}:${i.rule}`);

describe('parameter values', () => {
  it('refuses a parameter the category does not have, but not an empty one', () => {
    expect(rulesOf([def('COLOR')], { SIZE: 'XL' })).toEqual(['parameters.SIZE:parameterUnknown']);
    expect(rulesOf([def('COLOR')], { SIZE: '' })).toEqual([]);
  });

  it('keeps an ENUM to its options', () => {
    const color = def('COLOR', { class: 'ENUM', options: [{ value: 'red' }, { value: 'blue' }] });
    expect(rulesOf([color], { COLOR: 'red' })).toEqual([]);
    const issues = parameterIssues([color], { COLOR: 'green' }, { forListing: false });
    expect(issues).toEqual([{ field: 'parameters.COLOR', rule: 'parameterOption', params: { 0: 'red, blue' } }]);
  });

  it('reads NUMBER values with comma or dot and refuses words', () => {
    const size = def('SCREEN', { class: 'NUMBER', unit: 'in' });
    expect(rulesOf([size], { SCREEN: '55,5' })).toEqual([]);
    expect(rulesOf([size], { SCREEN: '55.5' })).toEqual([]);
    expect(rulesOf([size], { SCREEN: 'large' })).toEqual(['parameters.SCREEN:parameterNumber']);
  });

  it('takes true or false for a BOOLEAN', () => {
    const wifi = def('WIFI', { class: 'BOOLEAN' });
    expect(rulesOf([wifi], { WIFI: 'true' })).toEqual([]);
    expect(rulesOf([wifi], { WIFI: 'yes' })).toEqual(['parameters.WIFI:parameterOption']);
  });

  it('takes a list only where the parameter is multiple', () => {
    expect(rulesOf([def('TAGS')], { TAGS: ['a', 'b'] })).toEqual(['parameters.TAGS:parameterSingle']);
    expect(rulesOf([def('TAGS', { multiple: true })], { TAGS: ['a', 'b'] })).toEqual([]);
    expect(rulesOf([def('TAGS')], { TAGS: ['a'] })).toEqual([]);
  });

  it('checks every value of a multiple parameter', () => {
    const colors = def('COLOR', { class: 'ENUM', multiple: true, options: [{ value: 'red' }] });
    expect(rulesOf([colors], { COLOR: ['red', 'pink'] })).toEqual(['parameters.COLOR:parameterOption']);
  });

  it('asks for mandatory parameters only when the product is to be listed', () => {
    const defs = [def('COLOR', { mandatoryForListing: true }), def('SIZE')];
    expect(rulesOf(defs, {}, false)).toEqual([]);
    expect(rulesOf(defs, {}, true)).toEqual(['parameters.COLOR:parameterMandatory']);
    expect(rulesOf(defs, { COLOR: ' ' }, true)).toEqual(['parameters.COLOR:parameterMandatory']);
    expect(rulesOf(defs, { COLOR: 'red' }, true)).toEqual([]);
  });

  describe.each<[ParameterConstraint, string[], string[], string[]]>([
    ['ALL', [], ['anything', '5'], []],
    ['BETWEEN', ['10', '20'], ['10', '15', '20'], ['9', '21']],
    ['EQUAL', ['5'], ['5', '5.0'], ['6']],
    ['NOT_EQUAL', ['5'], ['6'], ['5']],
    ['GREATER_THEN', ['9'], ['10', '9.5'], ['9', '8']],
    ['LESS_THEN', ['100'], ['99', '-1'], ['100', '101']],
    ['IN', ['S', 'M', 'L'], ['S', 'L'], ['XL']],
    ['NOT_IN', ['S', 'M'], ['L'], ['S', 'M']],
  ])('constraint %s %j', (type, values, fine, refused) => {
    const defs = [def('P', { constraint: { type, values } })];
    it.each(fine)('accepts %s', (value) => expect(rulesOf(defs, { P: value })).toEqual([]));
    it.each(refused)('refuses %s', (value) =>
      expect(rulesOf(defs, { P: value })).toEqual(['parameters.P:parameterConstraint']),
    );
  });

  it('compares numbers as numbers, so 10 is greater than 9', () => {
    const defs = [def('P', { constraint: { type: 'GREATER_THEN', values: ['9'] } })];
    expect(rulesOf(defs, { P: '10' })).toEqual([]);
  });

  it('shows the condition in symbols every language reads', () => {
    const defs = [def('P', { constraint: { type: 'BETWEEN', values: ['1', '5'] } })];
    expect(parameterIssues(defs, { P: '7' }, { forListing: false })[0]?.params).toEqual({ 0: '1 – 5' });
  });
});

describe('variable parameters', () => {
  const defs = [
    def('COLOR', { variant: true }),
    def('SIZE', { variant: true }),
    def('LENGTH', { variant: true }),
    def('BRAND'),
  ];

  it('allows two variant parameters', () => {
    expect(variableParameterIssues(defs, ['COLOR', 'SIZE'])).toEqual([]);
  });

  it('refuses a third one with the spec message rule', () => {
    expect(variableParameterIssues(defs, ['COLOR', 'SIZE', 'LENGTH'])).toEqual([
      { field: 'variableParameters', rule: 'tooManyVariantParameters' },
    ]);
  });

  it('refuses a parameter that is not a variant parameter of the category', () => {
    expect(variableParameterIssues(defs, ['BRAND'])).toEqual([
      { field: 'variableParameters.0', rule: 'variantParameter', params: { 0: 'BRAND' } },
    ]);
    expect(variableParameterIssues(defs, ['COLOR', 'NOPE'])[0]?.field).toBe('variableParameters.1');
  });
});

describe('search keys', () => {
  it('folds case, diacritics and spaces', () => {
    expect(searchKey('  Pračky   a SUŠIČKY ')).toBe('pracky a susicky');
    expect(searchKey('Łódź Đakovo')).toBe('lodz dakovo');
    expect(searchKey('Mosógép')).toBe('mosogep');
  });
});
