import { type ChangeEvent, useState } from 'react';

/**
 * The state every form of the portal keeps: the values, one message per field, and a change handler that
 * clears a field's message as soon as the user edits it.
 */
export function useFormFields<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const set =
    (field: keyof V) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    };
  return { values, setValues, errors, setErrors, set };
}
