import { type ChangeEvent, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';

/**
 * WCAG 3.3.1: after a refused submit the user lands on the first field that needs fixing. Mantine marks a
 * field with an error `aria-invalid="true"` and ties the message to it (aria-describedby), so the first
 * such element of the form, in reading order, is the one to focus.
 */
export function focusFirstInvalid(form: HTMLElement | null): boolean {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  field.focus();
  return true;
}

/**
 * The state every form of the portal keeps: the values, one message per field, and a change handler that
 * clears a field's message as soon as the user edits it. Give the form `ref={formRef}` and each field
 * `aria-invalid={invalid(field)}`: whenever new messages are set (a refused submit, the server's field
 * issues), focus moves to the first invalid field.
 */
export function useFormFields<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrorState] = useState<Partial<Record<keyof V, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  const setErrors = useCallback((next: SetStateAction<Partial<Record<keyof V, string>>>) => {
    setErrorState(next);
    if (typeof next !== 'function' && Object.values(next).some(Boolean)) setFocusRequest((n) => n + 1);
  }, []);

  // Runs after the messages are rendered, so aria-invalid is already on the fields.
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest]);

  const set =
    (field: keyof V) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
      setErrorState((e) => (e[field] ? { ...e, [field]: undefined } : e));
    };
  /**
   * `aria-invalid` for a field with a message. Mantine's TextInput sets it by itself, its PasswordInput does
   * not (only `data-invalid`): pass `aria-invalid={invalid(field)}` to every field of the form.
   */
  const invalid = (field: keyof V): true | undefined => (errors[field] ? true : undefined);
  return { values, setValues, errors, setErrors, set, formRef, invalid };
}
