/** Pure pieces of the params-values and brand pairing pages: what a choice lists, what a state is called. */

interface Parameter {
  code: string;
  name: string;
  unit: string | null;
}

/** A parameter as a choice: its name, unit and code, so that two of one name can be told apart. */
export function parameterLabel(p: Parameter): string {
  return `${p.name}${p.unit ? ` [${p.unit}]` : ''} (${p.code})`;
}

/**
 * The choices of a name's marketplace parameter: the recommended ones (score above 0) first with their score,
 * then the category's other parameters; the paired one is always among them.
 */
export function parameterChoices<P extends Parameter>(
  ranked: readonly { parameter: P; score: number }[],
  current: P | null,
  labels: { recommended: string; others: string; percent: (score: number) => string },
): { group: string; items: { value: string; label: string }[] }[] {
  const list =
    current && !ranked.some((r) => r.parameter.code === current.code)
      ? [{ parameter: current, score: 0 }, ...ranked]
      : ranked;
  const option = (r: { parameter: P; score: number }) => ({
    value: r.parameter.code,
    label: r.score > 0 ? `${parameterLabel(r.parameter)} – ${labels.percent(r.score)}` : parameterLabel(r.parameter),
  });
  const recommended = list.filter((r) => r.score > 0).map(option);
  const others = list.filter((r) => r.score <= 0).map(option);
  return [
    ...(recommended.length ? [{ group: labels.recommended, items: recommended }] : []),
    ...(others.length ? [{ group: labels.others, items: others }] : []),
  ];
}

export type BrandStateKey = 'paired' | 'requested' | 'rejected' | 'unpaired';

/** Where a manufacturer stands: paired with an accepted brand, waiting for a requested one, or neither. */
export function brandStateOf(row: {
  brandName: string | null;
  requested: boolean;
  requestStatus: string | null;
}): BrandStateKey {
  if (row.brandName) return 'paired';
  if (row.requested && row.requestStatus === 'PENDING') return 'requested';
  if (row.requested && row.requestStatus === 'REJECTED') return 'rejected';
  return 'unpaired';
}

/** A brand may be requested for a manufacturer that has none and is not waiting for one. */
export const canRequestBrand = (row: { brandName: string | null; requested: boolean; requestStatus: string | null }) =>
  brandStateOf(row) === 'unpaired' || brandStateOf(row) === 'rejected';
