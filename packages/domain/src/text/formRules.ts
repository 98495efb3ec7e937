import { z } from 'zod';

/**
 * Building blocks that make a form's schema report every problem at once. Zod skips an object's own
 * refinement (the checks that need two fields, such as a post code against its country) as soon as any
 * field has an issue that does not "continue": an `abort: true` check, a missing enum value, a missing list.
 * A form then showed "required" first and the format errors only after those were fixed, in waves. These
 * helpers keep every field's issue continuable and run the form's rules on the fields that passed.
 */

type Payload = { value: unknown };

/** A check's `when` that lets it run only on a filled field: an empty one gets "required" alone. */
export const whenFilled = {
  when: (payload: Payload) => payload.value !== '' && payload.value !== undefined && payload.value !== null,
};

/** A value from a fixed list: empty is `required`, anything else off the list is `in` (spec §5 messages). */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'required' : 'in'),
  });
}

/** Several values from a fixed list (checkboxes, a multi-select): each must be `included` in the list. */
export function someOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.array(z.enum(values, 'included'), 'required');
}

export type FormRuleIssue = { field: string; rule: string; params?: Record<string, string | number> };

/**
 * A form's rules over several fields, run even when other fields failed. The rule sees only the fields that
 * passed their own checks (the others are `undefined`), so it never judges a value twice or a raw one.
 * Use: `z.object(shape).superRefine(...formRules((v, add) => { ... }))`.
 */
export function formRules<T extends object>(rule: (value: Partial<T>, add: (issue: FormRuleIssue) => void) => void) {
  const check = (value: T, ctx: z.RefinementCtx<T>) => {
    const failed = new Set(ctx.issues.map((issue) => String(issue.path?.[0])));
    const passed = Object.fromEntries(Object.entries(value).filter(([field]) => !failed.has(field))) as Partial<T>;
    rule(passed, ({ field, rule: message, params }) =>
      ctx.addIssue({ code: 'custom', path: [field], message, ...(params ? { params } : {}) }),
    );
  };
  return [check, { when: () => true }] as const;
}
