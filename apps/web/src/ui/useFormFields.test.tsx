import { addressSchema, contractSchema } from '@pp/domain';
import { act, renderHook } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from './formErrors';
import { useFormFields, valuesDiffer } from './useFormFields';

/** A translator that shows which message and params it was asked for. */
const t = ((key: string, params?: Record<string, unknown>) =>
  params && Object.keys(params).length ? `${key} ${JSON.stringify(params)}` : key) as unknown as TFunction;

const CONTRACT = {
  company: 'Dřevotvar s.r.o.',
  firstName: 'Jana',
  lastName: 'Nováková',
  email: 'jana@drevotvar.example',
  phone: '+420 601 123 456',
  companyId: '27082440',
  vatId: '',
  bankAccount: 'CZ6508000000192000145399',
  street: 'Palackého 1',
  city: 'Praha',
  zip: '110 00',
  state: 'CZ',
  web: 'https://drevotvar.example',
};

describe('a form shows required and format errors together', () => {
  it('an empty required field and a bad post code at once (address)', () => {
    const parsed = addressSchema.safeParse({ street: '', city: 'Praha', state: 'CZ', zip: '1', types: ['DEFAULT'] });
    expect(parsed.success).toBe(false);
    expect(schemaErrors(parsed.error!.issues, t)).toEqual({
      street: expect.stringMatching(/^validation\.required/),
      zip: 'validation.zipCodeCountry {"0":"110 00"}',
    });
  });

  it('validate() of the form sets every field message of the contract in one go', () => {
    const { result } = renderHook(() =>
      useFormFields({ ...CONTRACT, bankAccount: '', web: '', zip: '1', vatId: 'SK2020123456' }),
    );
    let parsed: unknown = 'not run';
    act(() => {
      parsed = result.current.validate(contractSchema, t);
    });
    expect(parsed).toBeNull();
    expect(result.current.errors).toEqual({
      bankAccount: expect.stringMatching(/^validation\.required/),
      web: expect.stringMatching(/^validation\.required/),
      zip: 'validation.zipCodeCountry {"0":"110 00"}',
      vatId: 'validation.vaId {"0":"CZ12345678"}',
    });
  });

  it('validate() answers the parsed data and clears the messages when all is well', () => {
    const { result } = renderHook(() => useFormFields(CONTRACT));
    let parsed: unknown = null;
    act(() => {
      parsed = result.current.validate(contractSchema, t);
    });
    expect(parsed).toMatchObject({ company: 'Dřevotvar s.r.o.', state: 'CZ' });
    expect(result.current.errors).toEqual({});
  });
});

describe('dirty: whether the form holds unsaved changes', () => {
  it('is false as opened, true after a change, false again once saved or changed back', () => {
    const { result } = renderHook(() => useFormFields({ firstName: 'Jana', lastName: 'Nováková' }));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.setValues((v) => ({ ...v, firstName: 'Jan' })));
    expect(result.current.dirty).toBe(true);
    act(() => result.current.setValues((v) => ({ ...v, firstName: 'Jana' })));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.setValues((v) => ({ ...v, lastName: 'Novák' })));
    act(() => result.current.markSaved({ firstName: 'Jana', lastName: 'Novák' }));
    expect(result.current.dirty).toBe(false);
  });

  it('reset() takes new saved values from the server', () => {
    const { result } = renderHook(() => useFormFields({ name: 'a' }));
    act(() => result.current.setValues({ name: 'b' }));
    act(() => result.current.reset({ name: 'c' }));
    expect(result.current.values).toEqual({ name: 'c' });
    expect(result.current.dirty).toBe(false);
  });

  it('compares field by field', () => {
    expect(valuesDiffer({ a: '1' }, { a: '1' })).toBe(false);
    expect(valuesDiffer({ a: '1' }, { a: '2' })).toBe(true);
    expect(valuesDiffer({ a: '' }, {} as Record<string, string>)).toBe(false);
  });
});
