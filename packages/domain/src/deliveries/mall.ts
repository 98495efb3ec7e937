import { z } from 'zod';
import type { ErrorCode } from '../errors/codes';
import type { ShopId } from '../markets/markets';
import { addressStateAllowed } from '../partner/addresses';
import { priceIssue } from '../products/rules';
import { decimalInputSchema } from '../products/schema';
import { formRules, oneOf, whenFilled } from '../text/formRules';
import { safeText } from '../text/safeText';

/**
 * MALL Delivery (the marketplace's own delivery, "MDP") and its Spectrum/DIP service (commerce spec §3, §4,
 * §5). The state lives on the partner (`partners.mdp_status`): addresses, contacts, orders and the session's
 * partner summary all read it there.
 */
export const MALL_DELIVERY_STATES = ['inactive', 'requested', 'active', 'declined'] as const;
export type MallDeliveryState = (typeof MALL_DELIVERY_STATES)[number];

export function isMallDeliveryState(value: string): value is MallDeliveryState {
  return (MALL_DELIVERY_STATES as readonly string[]).includes(value);
}

/**
 * Who moves the state, and where to. A partner asks (again after a decline: what was missing can be fixed);
 * an operator accepts or declines a request and may switch an active service off (a contract ended, repeated
 * failures at collection). There is no partner "switch off": orders already travel with MALL Delivery, so
 * ending it is agreed with the marketplace, which the operator then records.
 */
export const MALL_DELIVERY_MOVES = [
  { from: 'inactive', to: 'requested', by: 'partner' },
  { from: 'declined', to: 'requested', by: 'partner' },
  { from: 'requested', to: 'active', by: 'operator' },
  { from: 'requested', to: 'declined', by: 'operator' },
  { from: 'active', to: 'inactive', by: 'operator' },
] as const satisfies readonly { from: MallDeliveryState; to: MallDeliveryState; by: 'partner' | 'operator' }[];

export type MallDeliveryActor = 'partner' | 'operator';

export function mallDeliveryMoveAllowed(from: string, to: MallDeliveryState, by: MallDeliveryActor): boolean {
  return MALL_DELIVERY_MOVES.some((m) => m.from === from && m.to === to && m.by === by);
}

/** Why this move is refused (the catalogue code), or null. */
export function mallDeliveryMoveRefusal(from: string, to: MallDeliveryState, by: MallDeliveryActor): ErrorCode | null {
  if (mallDeliveryMoveAllowed(from, to, by)) return null;
  if (by === 'partner') return 'MALL_DELIVERY_REQUEST_NOT_ALLOWED';
  if (to === 'inactive') return 'MALL_DELIVERY_NOT_ACTIVE';
  return 'MALL_DELIVERY_NOT_PENDING';
}

/** The Spectrum/DIP service's own switch: on only while MALL Delivery is active. */
export const SPECTRUM_STATUSES = ['inactive', 'active'] as const;
export type SpectrumStatus = (typeof SPECTRUM_STATUSES)[number];

/** Labels the Spectrum courier's printer takes (the order labels' formats). */
export const SPECTRUM_LABEL_TYPES = ['pdf', 'zpl'] as const;
export type SpectrumLabelType = (typeof SPECTRUM_LABEL_TYPES)[number];

export const OPENING_WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type OpeningWeekday = (typeof OPENING_WEEKDAYS)[number];

/** A MALL Delivery depot: where a partner hands its parcels over (register) and gets returns back (return). */
export interface MallDeliveryBranch {
  id: string;
  shopId: ShopId;
  name: string;
  street: string;
  city: string;
  zip: string;
}

/**
 * The marketplace's MALL Delivery depots per market (the spec's "register branches" call): a short, fixed
 * list the marketplace runs itself, not the carriers' thousands of pickup points.
 */
export const MALL_DELIVERY_BRANCHES: readonly MallDeliveryBranch[] = [
  {
    id: 'CZ-PRG-ZLI',
    shopId: 'CZ10MA',
    name: 'Praha – Zličín',
    street: 'Na Radosti 400',
    city: 'Praha 5',
    zip: '155 21',
  },
  { id: 'CZ-BRN-CER', shopId: 'CZ10MA', name: 'Brno – Černovice', street: 'Hájecká 12', city: 'Brno', zip: '618 00' },
  { id: 'CZ-OVA-HRA', shopId: 'CZ10MA', name: 'Ostrava – Hrabová', street: 'Mostní 1', city: 'Ostrava', zip: '720 00' },
  { id: 'SK-BTS-SEN', shopId: 'SK10MA', name: 'Senec', street: 'Diaľničná cesta 22', city: 'Senec', zip: '903 01' },
  {
    id: 'SK-ZIL-TEP',
    shopId: 'SK10MA',
    name: 'Žilina – Teplička',
    street: 'Priemyselná 8',
    city: 'Žilina',
    zip: '010 01',
  },
  {
    id: 'PL-WAW-PIA',
    shopId: 'PL20MA',
    name: 'Piaseczno',
    street: 'ul. Puławska 46',
    city: 'Piaseczno',
    zip: '05-500',
  },
  {
    id: 'PL-WRO-BIE',
    shopId: 'PL20MA',
    name: 'Wrocław – Bielany',
    street: 'ul. Logistyczna 3',
    city: 'Bielany Wrocławskie',
    zip: '55-040',
  },
  { id: 'PL-LOD-STR', shopId: 'PL20MA', name: 'Stryków', street: 'ul. Bratoszewska 9', city: 'Stryków', zip: '95-010' },
  {
    id: 'SI-LJU-BTC',
    shopId: 'SI10SI',
    name: 'Ljubljana – BTC',
    street: 'Letališka cesta 29',
    city: 'Ljubljana',
    zip: '1000',
  },
  {
    id: 'SI-MB-TEZ',
    shopId: 'SI10SI',
    name: 'Maribor – Tezno',
    street: 'Zagrebška cesta 20',
    city: 'Maribor',
    zip: '2000',
  },
  { id: 'HU-BUD-GYA', shopId: 'HU20MA', name: 'Gyál', street: 'Bánki Donát utca 5', city: 'Gyál', zip: '2360' },
  { id: 'HU-DEB-RAC', shopId: 'HU20MA', name: 'Debrecen', street: 'Határ út 3', city: 'Debrecen', zip: '4031' },
  {
    id: 'HR-ZAG-JAS',
    shopId: 'HR10MA',
    name: 'Zagreb – Jastrebarsko',
    street: 'Ulica Zastavnice 2',
    city: 'Jastrebarsko',
    zip: '10450',
  },
  {
    id: 'HR-ST-DUG',
    shopId: 'HR10MA',
    name: 'Split – Dugopolje',
    street: 'Poslovna zona 14',
    city: 'Dugopolje',
    zip: '21204',
  },
];

export function mallDeliveryBranchesOf(shopId: string): MallDeliveryBranch[] {
  return MALL_DELIVERY_BRANCHES.filter((b) => b.shopId === shopId);
}

export function isMallDeliveryBranchOf(shopId: string, id: string | null | undefined): boolean {
  return !!id && MALL_DELIVERY_BRANCHES.some((b) => b.shopId === shopId && b.id === id);
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

/**
 * The return PIN: the code the courier asks for when it brings returns back to the warehouse. Digits only, so
 * it can be read out on the phone and typed on a courier's terminal; 4 to 6 of them, leading zeros kept.
 */
export const RETURN_PIN_PATTERN = /^\d{4,6}$/;

/** A money field by the shop's rules (whole CZK and HUF, cents elsewhere): null when empty and optional. */
function feeField(shopId: ShopId, required: boolean) {
  return decimalInputSchema.transform((value, ctx) => {
    if (value === null) {
      if (required) ctx.addIssue({ code: 'custom', message: 'required' });
      return null;
    }
    const issue = priceIssue('fee', value, shopId);
    if (issue) ctx.addIssue({ code: 'custom', message: issue.rule, params: issue.params });
    return value;
  });
}

const openingDay = z
  .object({ open: z.boolean('invalid'), from: z.string().default(''), to: z.string().default('') })
  .nullish();

/**
 * The hours the warehouse lets the courier in, per weekday: a closed day, or from–to in HH:mm with from
 * before to. At least one day open, or no courier could ever collect.
 */
export const openingHoursSchema = z
  .object(Object.fromEntries(OPENING_WEEKDAYS.map((d) => [d, openingDay])) as Record<OpeningWeekday, typeof openingDay>)
  .superRefine((hours, ctx) => {
    let open = 0;
    for (const day of OPENING_WEEKDAYS) {
      const h = hours[day];
      if (!h?.open) continue;
      open++;
      const fromOk = TIME.test(h.from.trim());
      const toOk = TIME.test(h.to.trim());
      if (!fromOk) ctx.addIssue({ code: 'custom', path: [day, 'from'], message: 'timeFormat' });
      if (!toOk) ctx.addIssue({ code: 'custom', path: [day, 'to'], message: 'timeFormat' });
      if (fromOk && toOk && minutesOf(h.from.trim()) >= minutesOf(h.to.trim())) {
        ctx.addIssue({ code: 'custom', path: [day, 'to'], message: 'timeOrder' });
      }
    }
    if (open === 0) ctx.addIssue({ code: 'custom', path: ['mon'], message: 'openingHoursRequired' });
  })
  .transform(
    (hours) =>
      Object.fromEntries(
        OPENING_WEEKDAYS.map((d) => {
          const h = hours[d];
          return [d, h?.open ? { from: h.from.trim(), to: h.to.trim() } : null];
        }),
      ) as OpeningHours,
  );

/** Opening hours as stored: a closed day is null. */
export type OpeningHours = Record<OpeningWeekday, { from: string; to: string } | null>;

/** What the partner sets of the classic service: the depots, the return PIN and the warehouse's hours. */
export function classicConfigSchema(shopId: ShopId) {
  const branch = z
    .string('required')
    .trim()
    .min(1, 'required')
    .refine((id) => isMallDeliveryBranchOf(shopId, id), { message: 'in', ...whenFilled });
  return z.object({
    registerBranch: branch,
    returnBranch: branch,
    returnPin: z
      .string('required')
      .trim()
      .min(1, 'required')
      .regex(RETURN_PIN_PATTERN, { message: 'returnPin', ...whenFilled }),
    openingHours: openingHoursSchema,
  });
}
export type ClassicConfigInput = z.input<ReturnType<typeof classicConfigSchema>>;
export type ClassicConfig = z.output<ReturnType<typeof classicConfigSchema>>;

/**
 * What the partner sets of Spectrum/DIP. Collections: the courier comes every working day in the window, or
 * only when the partner orders a collection (on demand) — in the same window. The window is needed only
 * while collections are enabled.
 */
const spectrumShape = {
  status: oneOf(SPECTRUM_STATUSES),
  labelType: oneOf(SPECTRUM_LABEL_TYPES),
  collectionsEnabled: z.boolean('invalid'),
  collectionsOnDemand: z.boolean('invalid'),
  collectionsTimeStart: z.string().trim().default(''),
  collectionsTimeEnd: z.string().trim().default(''),
};
export const spectrumConfigSchema = z.object(spectrumShape).superRefine(
  ...formRules<z.output<z.ZodObject<typeof spectrumShape>>>((c, add) => {
    if (!c.collectionsEnabled) return;
    const start = c.collectionsTimeStart ?? '';
    const end = c.collectionsTimeEnd ?? '';
    if (!start) add({ field: 'collectionsTimeStart', rule: 'required' });
    else if (!TIME.test(start)) add({ field: 'collectionsTimeStart', rule: 'timeFormat' });
    if (!end) add({ field: 'collectionsTimeEnd', rule: 'required' });
    else if (!TIME.test(end)) add({ field: 'collectionsTimeEnd', rule: 'timeFormat' });
    if (TIME.test(start) && TIME.test(end) && minutesOf(start) >= minutesOf(end)) {
      add({ field: 'collectionsTimeEnd', rule: 'timeOrder' });
    }
  }),
);
export type SpectrumConfigInput = z.input<typeof spectrumConfigSchema>;
export type SpectrumConfig = z.output<typeof spectrumConfigSchema>;

/** The operator's decision on a request. Accept: the fees and both depots; decline: a reason the partner reads. */
export const MALL_DELIVERY_DECISIONS = ['ACCEPT', 'DECLINE'] as const;
export type MallDeliveryDecision = (typeof MALL_DELIVERY_DECISIONS)[number];
export const MALL_DELIVERY_REASON_MAX = 1000;

export function mallDeliveryDecisionSchema(shopId: ShopId) {
  // The operator's words reach the partner's mail and the database: no NUL, lone surrogates or control
  // characters (a reason may span lines).
  const text = (max: number, multiline = false) =>
    safeText({ multiline })
      .trim()
      .max(max, 'max')
      .nullish()
      .transform((v) => v ?? '');
  const shape = {
    decision: oneOf(MALL_DELIVERY_DECISIONS),
    fee: feeField(shopId, false),
    spectrumFee: feeField(shopId, false),
    registerBranch: text(50),
    returnBranch: text(50),
    reason: text(MALL_DELIVERY_REASON_MAX, true),
  };
  return z.object(shape).superRefine(
    ...formRules<z.output<z.ZodObject<typeof shape>>>((d, add) => {
      // A field that failed its own check is absent here: it already has its message.
      if (d.decision === 'ACCEPT') {
        if ('fee' in d && d.fee === null) add({ field: 'fee', rule: 'required' });
        for (const field of ['registerBranch', 'returnBranch'] as const) {
          if (!(field in d)) continue;
          const id = d[field];
          if (!id) add({ field, rule: 'required' });
          else if (!isMallDeliveryBranchOf(shopId, id)) add({ field, rule: 'in' });
        }
      }
      if (d.decision === 'DECLINE' && 'reason' in d && !d.reason) add({ field: 'reason', rule: 'required' });
    }),
  );
}
export type MallDeliveryDecisionInput = z.input<ReturnType<typeof mallDeliveryDecisionSchema>>;

/** What the partner must have before MALL Delivery can be requested, accepted, or Spectrum switched on. */
export interface MallDeliveryReadinessFacts {
  addresses: readonly { street: string; city: string; zip: string; state: string; types: readonly string[] }[];
  contacts: readonly { phone: string; roles: readonly string[] }[];
  croatiaEnabled: boolean;
}

export type MallDeliveryReadinessCode =
  | 'MDP_WAREHOUSE_ADDRESS_MANDATORY'
  | 'MDP_WAREHOUSE_NOT_UNIQUE'
  | 'MDP_WAREHOUSE_STANDALONE_TYPE'
  | 'MDP_WAREHOUSE_ALL_FIELDS_MANDATORY'
  | 'MDP_WAREHOUSE_UNSUPPORTED_COUNTRY'
  | 'MALL_DELIVERY_CONTACT_MANDATORY'
  | 'MALL_DELIVERY_CONTACT_NOT_UNIQUE'
  | 'MALL_DELIVERY_CONTACT_NOT_STANDALONE'
  | 'MALL_DELIVERY_CONTACT_INCONSISTENT';

/**
 * Every reason the MALL Delivery warehouse and contact are not ready (spec §5): exactly one warehouse
 * address of its own type, all fields filled, in a supported country; exactly one MALL Delivery contact,
 * in no other role, with a phone the courier can call. Empty when ready. The addresses and contacts
 * rules keep most of these from arising; rows from before them (or an import) are caught here.
 */
export function mallDeliveryReadiness(facts: MallDeliveryReadinessFacts): MallDeliveryReadinessCode[] {
  const problems: MallDeliveryReadinessCode[] = [];
  const warehouses = facts.addresses.filter((a) => a.types.includes('MDP_WAREHOUSE'));
  if (warehouses.length === 0) problems.push('MDP_WAREHOUSE_ADDRESS_MANDATORY');
  else if (warehouses.length > 1) problems.push('MDP_WAREHOUSE_NOT_UNIQUE');
  else {
    const w = warehouses[0]!;
    if (w.types.length > 1) problems.push('MDP_WAREHOUSE_STANDALONE_TYPE');
    if ([w.street, w.city, w.zip, w.state].some((v) => !v || v.trim() === '')) {
      problems.push('MDP_WAREHOUSE_ALL_FIELDS_MANDATORY');
    } else if (!addressStateAllowed(w.state, w.types, facts.croatiaEnabled)) {
      problems.push('MDP_WAREHOUSE_UNSUPPORTED_COUNTRY');
    }
  }
  const contacts = facts.contacts.filter((c) => c.roles.includes('MALL_DELIVERY'));
  if (contacts.length === 0) problems.push('MALL_DELIVERY_CONTACT_MANDATORY');
  else if (contacts.length > 1) problems.push('MALL_DELIVERY_CONTACT_NOT_UNIQUE');
  else {
    const c = contacts[0]!;
    if (c.roles.length > 1) problems.push('MALL_DELIVERY_CONTACT_NOT_STANDALONE');
    if (!c.phone || c.phone.trim() === '') problems.push('MALL_DELIVERY_CONTACT_INCONSISTENT');
  }
  return problems;
}

/** Classic settings are the partner's to change only while Spectrum is off (spec §4: classic disabled, spectrum active). */
export function classicConfigRefusal(state: string, spectrum: string): ErrorCode | null {
  if (state !== 'active') return 'MALL_DELIVERY_NOT_ACTIVE';
  if (spectrum === 'active') return 'MALL_DELIVERY_CLASSIC_DISABLED';
  return null;
}

/** Spectrum settings need an active MALL Delivery; switching it on also needs the warehouse and contact ready. */
export function spectrumConfigRefusal(
  state: string,
  to: SpectrumStatus,
  readiness: readonly MallDeliveryReadinessCode[],
): ErrorCode | null {
  if (state !== 'active') return 'MALL_DELIVERY_NOT_ACTIVE';
  if (to === 'active' && readiness.length > 0) return readiness[0]!;
  return null;
}
