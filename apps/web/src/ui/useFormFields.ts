import type { TFunction } from 'i18next';
import { type ChangeEvent, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { type FormSchema, schemaErrors } from './formErrors';

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

/** Whether two forms' values differ in any field. */
export function valuesDiffer<V extends Record<string, string>>(a: V, b: V): boolean {
  return Object.keys({ ...a, ...b }).some((key) => (a[key] ?? '') !== (b[key] ?? ''));
}

/**
 * The state every form of the portal keeps: the values, one message per field, and a change handler that
 * clears a field's message as soon as the user edits it. Give the form `ref={formRef}` and each field
 * `aria-invalid={invalid(field)}`: whenever new messages are set (a refused submit, the server's field
 * issues), focus moves to the first invalid field. `dirty` says whether the values differ from the saved
 * ones (for the unsaved-changes guard); call `markSaved(values)` when a save succeeds.
 */
export function useFormFields<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [saved, setSaved] = useState<V>(initial);
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
  const markSaved = useCallback((next: V) => setSaved(next), []);
  /** New values from the server (a reload, another save): they are the saved state, with no messages. */
  const reset = useCallback((next: V) => {
    setValues(next);
    setSaved(next);
    setErrorState({});
  }, []);
  /**
   * Checks the values with the domain's schema: every field's message at once (never required first and
   * formats after), focus on the first. The parsed data, or null when something needs fixing.
   */
  const validate = <T>(schema: FormSchema<T>, t: TFunction, params?: Record<string, string | number>): T | null => {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(
      schemaErrors<Extract<keyof V, string>>(parsed.error.issues, t, params) as Partial<Record<keyof V, string>>,
    );
    return null;
  };
  const dirty = valuesDiffer(values, saved);
  return { values, setValues, errors, setErrors, set, formRef, invalid, dirty, markSaved, reset, validate };
}
