import type { Currency } from '../markets/markets';

/**
 * Billing amounts are exact decimals: strings on the wire and `numeric` in the database, integers of the
 * smallest unit here. A float never touches an invoice (docs/decisions.md, "Billing amounts and rounding").
 */

/** Decimal places of an invoice amount: forints are invoiced whole, the other currencies to the cent. */
export const MONEY_SCALE: Readonly<Record<Currency, number>> = { CZK: 2, EUR: 2, PLN: 2, HUF: 0 };

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal string as an integer of 10^-scale units, rounded half away from zero when it has more places. */
export function toUnits(value: string | number, scale: number): bigint {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new Error(`not a decimal: ${text}`);
  const [, sign, whole, fraction = ''] = m;
  const digits = BigInt(whole! + fraction.padEnd(scale, '0').slice(0, scale));
  const rest = fraction.slice(scale);
  const up = rest !== '' && rest[0]! >= '5' ? 1n : 0n;
  const units = digits + up;
  return sign ? -units : units;
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new Error('not a finite number');
  // Numbers only come from small constants (fee amounts, VAT rates); their shortest text is exact enough.
  const text = String(value);
  return text.includes('e') ? value.toFixed(20).replace(/0+$/, '') : text;
}

/** Units of 10^-scale back to a decimal string with exactly `scale` places. */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

/** Integer division rounded half away from zero. */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

/** `amount × percent / 100` rounded to the scale, half away from zero (a rate has at most 4 decimal places). */
export function percentOf(amount: string, percent: string | number, scale: number): string {
  const a = toUnits(amount, scale);
  const p = toUnits(percent, 4);
  return fromUnits(divRound(a * p, 1_000_000n), scale);
}

/** The net part of a gross amount at a VAT rate: gross / (1 + rate/100), rounded. */
export function netOfGross(gross: string, ratePercent: string | number, scale: number): string {
  const g = toUnits(gross, scale);
  const r = toUnits(ratePercent, 4);
  return fromUnits(divRound(g * 1_000_000n, 1_000_000n + r), scale);
}

export function addMoney(values: readonly string[], scale: number): string {
  return fromUnits(
    values.reduce((sum, v) => sum + toUnits(v, scale), 0n),
    scale,
  );
}

export function subtractMoney(a: string, b: string, scale: number): string {
  return fromUnits(toUnits(a, scale) - toUnits(b, scale), scale);
}

export function compareMoney(a: string, b: string, scale: number): number {
  const d = toUnits(a, scale) - toUnits(b, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

export function moneyScale(currency: string): number {
  return MONEY_SCALE[currency as Currency] ?? 2;
}
