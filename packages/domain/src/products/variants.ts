import { MAX_VARIANT_PARAMETERS } from '../catalog/categories';
import { DomainError } from '../errors/codes';

export interface VariantParameter {
  code: string;
  unit: string | null;
  values: string[];
  /** How each value is named on the marketplace (an ENUM option's text in the shop's language). */
  labels?: Record<string, string>;
}

export interface VariantDraft {
  id: string;
  title: string;
  parameters: Record<string, string>;
  price: number | null;
  inStock: number;
  barcode: string | null;
  imageUrl: string | null;
  deliveryDelay: number;
  status: 'ACTIVE' | 'INACTIVE';
}

/** The parameters that build variants: blanks and repeated values out, parameters without values ignored. */
function usable(parameters: VariantParameter[]): VariantParameter[] {
  return parameters
    .map((p) => ({ ...p, values: [...new Set(p.values.map((v) => v.trim()).filter((v) => v !== ''))] }))
    .filter((p) => p.values.length > 0);
}

/** Every combination of one value per parameter, in the order the parameters and their values are given. */
function combinations(parameters: VariantParameter[]): Record<string, string>[] {
  return parameters.reduce<Record<string, string>[]>(
    (acc, p) => acc.flatMap((combo) => p.values.map((value) => ({ ...combo, [p.code]: value }))),
    [{}],
  );
}

function sameValues(a: Record<string, string>, b: Record<string, string>, codes: string[]): boolean {
  return codes.every((code) => (a[code] ?? '').trim() === (b[code] ?? '').trim());
}

/**
 * A variant's title (spec §5): the product's title, then each variable parameter's value as the marketplace
 * names it (an option's text, e.g. "zelená" for GREEN) with its unit. One function for the form, the save and
 * the import, so a title never depends on where the variant came from.
 */
export function variantTitle(
  title: string,
  parameters: Pick<VariantParameter, 'code' | 'unit' | 'labels'>[],
  values: Record<string, string>,
): string {
  const parts = parameters
    .filter((p) => (values[p.code] ?? '').trim() !== '')
    .map((p) => {
      const value = values[p.code] as string;
      const shown = p.labels?.[value] ?? value;
      return p.unit ? `${shown} ${p.unit}` : shown;
    });
  return [title.trim(), ...parts].filter((s) => s !== '').join(' ');
}

/** The variable parameters of a product as `variantTitle` takes them, from its category's definitions. */
export function variantTitleParameters(
  codes: string[],
  defs: readonly { code: string; unit: string | null; options: { value: string; text?: string }[] }[],
): Pick<VariantParameter, 'code' | 'unit' | 'labels'>[] {
  return codes.map((code) => {
    const def = defs.find((d) => d.code === code);
    const labels = Object.fromEntries(
      (def?.options ?? []).filter((o) => o.text).map((o) => [o.value, o.text as string]),
    );
    return { code, unit: def?.unit ?? null, labels };
  });
}

/**
 * The variants of a product built from its variable parameters (spec §5): two parameters give every pair of
 * values, one gives each value. Regenerating keeps what the seller entered: a variant with the same values
 * keeps its id, price, stock, barcode, image, delivery and status, and new ones take numbers after the
 * highest one in use, so a kept id never changes its values.
 */
export function generateVariants(input: {
  productId: string;
  title: string;
  parameters: VariantParameter[];
  existing?: VariantDraft[];
  defaults?: { price: number | null; deliveryDelay: number };
}): VariantDraft[] {
  if (input.parameters.length > MAX_VARIANT_PARAMETERS) throw new DomainError('HCI_API_TOO_MANY_PARAMS');
  const parameters = usable(input.parameters);
  if (parameters.length === 0) return [];
  const codes = parameters.map((p) => p.code);
  const existing = input.existing ?? [];
  const prefix = `${input.productId}-`;
  let next =
    existing.reduce((max, v) => {
      const n = v.id.startsWith(prefix) ? Number(v.id.slice(prefix.length)) : Number.NaN;
      return Number.isInteger(n) && n > max ? n : max;
    }, 0) + 1;
  const taken = new Set(existing.map((v) => v.id));
  const newId = () => {
    while (taken.has(`${prefix}${next}`)) next++;
    const id = `${prefix}${next++}`;
    taken.add(id);
    return id;
  };
  const used = new Set<VariantDraft>();
  return combinations(parameters).map((values) => {
    const title = variantTitle(input.title, parameters, values);
    const kept = existing.find((v) => !used.has(v) && sameValues(v.parameters, values, codes));
    if (kept) {
      used.add(kept);
      return { ...kept, title, parameters: values };
    }
    return {
      id: newId(),
      title,
      parameters: values,
      price: input.defaults?.price ?? null,
      inStock: 0,
      barcode: null,
      imageUrl: null,
      deliveryDelay: input.defaults?.deliveryDelay ?? 0,
      status: 'ACTIVE',
    };
  });
}

/**
 * Whether regenerating would drop or retitle variants the seller has (the form then asks to confirm): the
 * parameters or their order changed, or a value was removed. Adding a value only adds variants.
 */
export function variantStructureChanged(before: VariantParameter[], after: VariantParameter[]): boolean {
  const a = usable(before);
  const b = usable(after);
  if (a.length !== b.length || a.some((p, i) => p.code !== b[i]?.code)) return true;
  return a.some((p, i) => p.values.some((value) => !b[i]?.values.includes(value)));
}
