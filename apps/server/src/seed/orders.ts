import {
  addWorkingDays,
  DISPATCH_DAYS_BEFORE_DELIVERY,
  MARKETS,
  type PaymentType,
  paymentGroupOf,
  SLA_TIME_ZONE,
  type ShopId,
  slaLocalDate,
} from '@pp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { demoBranchIds } from './branches';
import { sequence } from './demo';
import { MARKET_CONTENT, type MarketContent, mailOf, PAYMENT_WEIGHTS } from './order-markets';

/** A partner that gets a demo order book; `accountId` signs the changes made in the portal. */
export interface DemoOrderPartner {
  id: number;
  shopId: ShopId;
  accountId: number | null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Months of history before the current one: the SLA page shows six completed months by default. */
const MONTHS_BACK = 6;
/**
 * Orders created in the last completed month (the month the SLA is judged on). With one cancellation by the
 * partner that is 1/62 = 1.6 %: just over the 1.5 % target, so the cancel rate shows a warning while the other
 * three indicators are ok (the seed keeps their broken orders out of that month).
 */
const JUDGED_MONTH_ORDERS = 62;
const ORDERS_PER_DAY = 2.4;
/** Working days from order to expected delivery of the missing-status cases (fixed: their due day is planned). */
const MISSING_LEAD_DAYS = 3;

/**
 * What happens to an order in its life. "missing" orders never got a final status although their delivery date
 * passed more than a week ago (the missing-statuses list).
 */
type Fate =
  | 'waiting'
  | 'open'
  | 'blocked'
  | 'shipping'
  | 'shipped'
  | 'delivered'
  | 'late'
  | 'cancelledByPartner'
  | 'cancelledByCustomer'
  | 'returned'
  | 'lost'
  | 'missingOpen'
  | 'missingShipped';

/** The newest orders of each partner, newest first: what a seller finds waiting on a normal morning. */
const FRESH: Fate[] = [
  'waiting',
  'open',
  'open',
  'shipping',
  'waiting',
  'open',
  'blocked',
  'shipped',
  'shipping',
  'open',
  'shipped',
  'shipping',
  'shipped',
];

const TEST_CUSTOMER: Record<ShopId, string> = {
  CZ10MA: 'Testovací Zákazník',
  SK10MA: 'Testovací Zákazník',
  PL20MA: 'Klient Testowy',
  HR10MA: 'Testni Kupac',
  HU20MA: 'Teszt Vásárló',
  SI10SI: 'Testni Kupec',
};

interface OrderRow {
  partnerId: number;
  id: number;
  purchaseId: string;
  externalId: string | null;
  status: string;
  confirmed: boolean;
  orderType: string;
  deliveryType: string;
  paymentType: string;
  currency: string;
  parcelCount: number;
  trackingNumber: string | null;
  trackingUrl: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  deliveryCompany: string | null;
  deliveryStreet: string | null;
  deliveryCity: string | null;
  deliveryZip: string | null;
  deliveryCountry: string;
  branchId: string | null;
  secondaryBranchId: string | null;
  transportId: string | null;
  isMdp: boolean;
  isDip: boolean;
  invoiceNumber: string | null;
  isTest: boolean;
  isMallDelivery: boolean;
  necessaryInspection: boolean;
  readyToReturn: boolean;
  total: number;
  totalDiscount: number;
  cod: number;
  deliveryPrice: number;
  codFee: number;
  createdAt: string;
  deliveryDate: string;
  dispatchDate: string;
  shippedAt: string | null;
  deliveredAt: string | null;
  firstDeliveryAttemptAt: string | null;
  blockedAt: string | null;
  updatedAt: string;
}

interface ItemRow {
  partnerId: number;
  orderId: number;
  id: number;
  articleId: string;
  partnerArticleId: string;
  title: string;
  quantity: number;
  unitPrice: number;
  totalDiscount: number;
  vat: number;
  commission: number;
  codFee: number;
  prepaid: number;
  purchasePrice: number;
  serialNumbers: string;
  references: string;
}

interface HistoryRow {
  partnerId: number;
  orderId: number;
  status: string;
  at: string;
  source: string;
  accountId: number | null;
  trackingNumber: string | null;
}

interface ShipmentRow {
  partnerId: number;
  orderId: number;
  status: string;
  at: string;
}

interface Book {
  orders: OrderRow[];
  items: ItemRow[];
  history: HistoryRow[];
  shipments: ShipmentRow[];
}

/** One planned order before its details are drawn. */
interface Plan {
  created: number;
  fate: Fate;
  test: boolean;
  readyToReturn: boolean;
  mallDelivery?: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** ISO times of one format sort as text; a plain comparison, as localeCompare is slow on thousands of rows. */
const byTime = (a: { at: string }, b: { at: string }) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0);
const dateOf = (ms: number) => iso(ms).slice(0, 10);
const startOfDay = (ms: number) => Date.parse(`${dateOf(ms)}T00:00:00Z`);

/** The expected delivery day: `days` working days after the order's day (weekends are not delivery days). */
function expectedDelivery(created: number, days: number): number {
  let day = startOfDay(created);
  let left = days;
  while (left > 0) {
    day += DAY;
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return day;
}

/**
 * Order times per calendar month of Central European time (the SLA's months). Times fall between 06:00 and
 * 20:59 UTC, where the UTC date and the Prague date agree, so an order never slips into a neighbouring month.
 */
function planTimes(now: number, random: () => number): { created: number; month: number }[] {
  const today = slaLocalDate(new Date(now));
  const [year, month] = today.split('-').map(Number) as [number, number];
  const times: { created: number; month: number }[] = [];
  for (let back = MONTHS_BACK; back >= 0; back--) {
    const start = Date.UTC(year, month - 1 - back, 1);
    const end = Date.UTC(year, month - back, 1);
    if (back > 0) {
      const count = back === 1 ? JUDGED_MONTH_ORDERS : 55 + Math.floor(random() * 25);
      const days = Math.round((end - start) / DAY);
      for (let i = 0; i < count; i++) {
        const at = start + Math.floor(random() * days) * DAY + 6 * HOUR + Math.floor(random() * 15 * 60) * MINUTE;
        times.push({ created: at, month: back });
      }
    } else {
      const from = start + 6 * HOUR;
      const to = now - 10 * MINUTE;
      const count = Math.max(0, Math.round(((to - start) / DAY) * ORDERS_PER_DAY));
      for (let i = 0; i < count && to > from; i++) {
        times.push({ created: from + Math.floor(random() * (to - from)), month: 0 });
      }
    }
  }
  return times.sort((a, b) => a.created - b.created);
}

/** Which life each order gets: fresh ones by rank, older ones by age, and the fixed cases the demo must show. */
function planFates(now: number, random: () => number): Plan[] {
  const times = planTimes(now, random);
  const plans: (Plan & { month: number })[] = times.map((t) => ({
    ...t,
    fate: 'delivered',
    test: false,
    readyToReturn: false,
  }));
  const age = (p: Plan) => (now - p.created) / DAY;
  const newestFirst = [...plans].reverse();
  const forced = new Set<Plan>();
  newestFirst.slice(0, FRESH.length).forEach((p, i) => {
    p.fate = FRESH[i]!;
    forced.add(p);
  });
  // A shipped MALL Delivery order: the one the partner can no longer change.
  const mdp = newestFirst.find((p) => p.fate === 'shipped');
  if (mdp) mdp.mallDelivery = true;
  for (const p of plans) {
    if (forced.has(p)) continue;
    const a = age(p);
    const r = random();
    if (a < 2) p.fate = 'open';
    else if (a < 4) p.fate = r < 0.8 ? 'shipped' : 'shipping';
    else if (a < 6) p.fate = r < 0.75 ? 'delivered' : 'shipped';
    // The judged month's cancellations are set below, so its cancel rate is exactly what the demo promises.
    else if (p.month === 1) p.fate = r < 0.02 ? 'returned' : 'delivered';
    else if (r < 0.008) p.fate = 'cancelledByPartner';
    else if (r < 0.016) p.fate = 'cancelledByCustomer';
    else if (r < 0.031) p.fate = 'returned';
    else if (r < 0.035) p.fate = 'lost';
    else if (r < 0.055) p.fate = 'late';
    else p.fate = 'delivered';
  }
  const pick = (candidates: Plan[], fate: Fate) => {
    const p = candidates.find((c) => !forced.has(c));
    if (!p) return;
    p.fate = fate;
    forced.add(p);
  };
  const judged = plans.filter((p) => p.month === 1 && age(p) >= 8);
  pick(judged.slice(Math.floor(judged.length / 3)), 'cancelledByPartner');
  pick(judged.slice(Math.floor(judged.length / 2)), 'cancelledByCustomer');
  pick(judged.slice(Math.floor(judged.length / 5)), 'returned');
  const older = plans.filter((p) => p.month >= 2);
  pick(older.slice(Math.floor(older.length / 2)), 'lost');
  pick(older.slice(Math.floor(older.length / 4)), 'blocked');
  pick(older.slice(Math.floor(older.length / 3)), 'cancelledByPartner');
  // Missing statuses: the newest orders whose status fell due (delivery date + 7 days) outside the judged
  // month, so they show on the missing list without spoiling the judged month's status-error figure.
  const missing = newestFirst.filter((p) => {
    if (forced.has(p) || age(p) < 10) return false;
    const due = expectedDelivery(p.created, MISSING_LEAD_DAYS) + 7 * DAY;
    return due < startOfDay(now) && !isJudgedMonth(due + 12 * HOUR, now);
  });
  pick(missing, 'missingShipped');
  pick(missing, 'missingOpen');
  // Customers who announced a return of a recent delivery.
  const returnable = newestFirst.filter((p) => p.fate === 'delivered' && age(p) > 3 && age(p) < 14);
  for (const p of returnable.slice(0, 3)) p.readyToReturn = true;
  // A few test orders the partner made to try its integration.
  for (const [days, fate] of [
    [0.3, 'open'],
    [1.6, 'open'],
    [3.2, 'shipped'],
  ] as const) {
    plans.push({ created: now - days * DAY, fate, test: true, readyToReturn: false, month: 0 });
  }
  return plans.sort((a, b) => a.created - b.created);
}

function weighted<T>(random: () => number, choices: readonly (readonly [T, number])[]): T {
  const sum = choices.reduce((s, [, w]) => s + w, 0);
  let r = random() * sum;
  for (const [value, w] of choices) {
    r -= w;
    if (r < 0) return value;
  }
  return choices.at(-1)![0];
}

function digits(random: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(random() * 10);
  return s;
}

/** The events of an order's life, with times; squeezed into the time that has passed for the newest orders. */
interface Life {
  shipping?: number;
  shipped?: number;
  delivered?: number;
  attempt?: number;
  cancelled?: number;
  returned?: number;
  lost?: number;
  blocked?: number;
  shipment: [string, number][];
}

function lifeOf(plan: Plan, pickup: boolean, personal: boolean, due: number, now: number, random: () => number) {
  const { created, fate } = plan;
  const life: Life = { shipment: [] };
  const shipsAt = Math.min(created + (6 + random() * 20) * HOUR, due + 5 * HOUR);
  const ships = ![
    'waiting',
    'open',
    'blocked',
    'shipping',
    'cancelledByPartner',
    'cancelledByCustomer',
    'missingOpen',
  ].includes(fate);
  if (fate === 'shipping' || (ships && random() < 0.4)) life.shipping = created + (shipsAt - created) * 0.4;
  if (fate === 'blocked') life.blocked = created + 20 * MINUTE;
  if (fate === 'cancelledByPartner' || fate === 'cancelledByCustomer')
    life.cancelled = created + (1 + random() * 17) * HOUR;
  if (ships) {
    life.shipped = shipsAt;
    if (!personal) {
      life.shipment.push(['CREATED', shipsAt], ['RECEIVED', shipsAt + (2 + random() * 4) * HOUR]);
      life.shipment.push(['DELIVERING', Math.max(shipsAt + 8 * HOUR, due + 6 * HOUR)]);
    }
  }
  if (fate === 'delivered' || fate === 'late') {
    const onTime = Math.min(
      Math.max(due + (8 + random() * 8) * HOUR - (random() < 0.3 ? DAY : 0), shipsAt + 3 * HOUR),
      due + 20 * HOUR,
    );
    life.delivered = fate === 'late' ? due + (random() < 0.3 ? 2 : 1) * DAY + 10 * HOUR : onTime;
    if (!pickup && !personal) life.attempt = fate === 'late' ? due + 11 * HOUR : life.delivered;
    if (pickup) life.shipment.push(['READY_FOR_PICKUP', Math.min(life.delivered - HOUR, due + 9 * HOUR)]);
    if (!personal) {
      life.shipment = life.shipment.filter(([, at]) => at < life.delivered!);
      life.shipment.push(['DELIVERED', life.delivered]);
    }
  }
  if (fate === 'returned') {
    if (pickup) {
      life.shipment.push(['READY_FOR_PICKUP', due + 9 * HOUR], ['EXPIRED', due + 7 * DAY + 9 * HOUR]);
      life.shipment.push(['RETURNING', due + 7 * DAY + 14 * HOUR], ['RETURNED', due + 9 * DAY + 10 * HOUR]);
      life.returned = due + 9 * DAY + 13 * HOUR;
    } else {
      life.shipment.push(['RETURNING', due + DAY + 9 * HOUR], ['RETURNED', due + 3 * DAY + 10 * HOUR]);
      life.returned = due + 3 * DAY + 14 * HOUR;
    }
  }
  if (fate === 'lost') life.lost = shipsAt + 21 * DAY;
  // The newest orders are younger than a life of this kind takes: squeeze it into the time that has passed.
  const times = [
    life.shipping,
    life.shipped,
    life.delivered,
    life.attempt,
    life.cancelled,
    life.returned,
    life.lost,
    life.blocked,
    ...life.shipment.map(([, at]) => at),
  ].filter((t): t is number => t !== undefined);
  const last = Math.max(created, ...times);
  const limit = now - 5 * MINUTE;
  if (last > limit) {
    const factor = (limit - created) / (last - created);
    const squeeze = (t: number | undefined) => (t === undefined ? undefined : created + (t - created) * factor);
    for (const key of [
      'shipping',
      'shipped',
      'delivered',
      'attempt',
      'cancelled',
      'returned',
      'lost',
      'blocked',
    ] as const) {
      life[key] = squeeze(life[key]);
    }
    life.shipment = life.shipment.map(([s, at]) => [s, squeeze(at)!]);
  }
  return life;
}

const money = (content: MarketContent, amount: number) =>
  content.wholePrices ? Math.round(amount) : Math.round(amount * 100) / 100;

/** Draws one partner's order book. */
function bookOf(
  partner: DemoOrderPartner,
  slot: number,
  now: number,
  random: () => number,
  book: Book,
  ids: Set<number>,
) {
  const content = MARKET_CONTENT[partner.shopId];
  const currency = { CZ10MA: 'CZK', SK10MA: 'EUR', PL20MA: 'PLN', SI10SI: 'EUR', HU20MA: 'HUF', HR10MA: 'EUR' }[
    partner.shopId
  ];
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const sku = partner.shopId.slice(0, 2);
  let sequenceNo = 0;
  for (const plan of planFates(now, random)) {
    sequenceNo++;
    // Marketplace order ids grow with time; the partner's slot in the last digit keeps partners apart.
    let id = 3_100_000_000 + Math.floor((plan.created - Date.UTC(2024, 0, 1)) / 1000) * 10 + slot;
    while (ids.has(id)) id += 10;
    ids.add(id);

    const female = random() < 0.55;
    const first = pick(female ? content.femaleFirst : content.maleFirst);
    const last = pick(female ? content.femaleLast : content.maleLast);
    const [city, zip, street] = pick(content.places);
    // What goes to a carrier can be lost, returned or stuck on the way; a personal pickup cannot.
    const carried =
      plan.mallDelivery === true || ['returned', 'lost', 'missingShipped', 'missingOpen', 'late'].includes(plan.fate);
    const method = weighted(random, [
      ['ADDRESS', 55],
      ['PICKUP_POINT', 41],
      ['PERSONAL_PICKUP', carried ? 0 : 4],
    ] as const);
    const pickup = method === 'PICKUP_POINT';
    const personal = method === 'PERSONAL_PICKUP';
    const mallDelivery = plan.mallDelivery === true || (!personal && !plan.test && random() < 0.18);
    const payment: PaymentType =
      plan.fate === 'waiting' ? (random() < 0.7 ? 'C' : 'B') : weighted(random, PAYMENT_WEIGHTS);
    const group = paymentGroupOf(payment);
    const cashOnDelivery = group === 'CASH_ON_DELIVERY';
    const lead = plan.fate.startsWith('missing')
      ? MISSING_LEAD_DAYS
      : personal
        ? 1
        : pickup
          ? 2
          : 1 + Math.floor(random() * 2);
    const due = expectedDelivery(plan.created, lead);
    // A late delivery never lands in the judged month: its delivery figure stays ok.
    const late = plan.fate === 'late' && !isJudgedMonth(due, now) && !isJudgedMonth(due + 3 * DAY, now);
    const life = lifeOf(
      plan.fate === 'late' && !late ? { ...plan, fate: 'delivered' } : plan,
      pickup,
      personal,
      due,
      now,
      random,
    );

    const status = (
      {
        waiting: 'open',
        open: 'open',
        missingOpen: 'open',
        blocked: 'blocked',
        shipping: 'shipping',
        shipped: 'shipped',
        missingShipped: 'shipped',
        delivered: 'delivered',
        late: 'delivered',
        cancelledByPartner: 'cancelled',
        cancelledByCustomer: 'cancelled',
        returned: 'returned',
        lost: 'lost',
      } as const
    )[plan.fate];
    const carrier = pickup ? content.pickupCarrier : content.addressCarrier;
    // Tracking is what the partner sends with "shipped"; now and then it forgets (never in the judged month,
    // whose tracking figure stays ok).
    const forgetsTracking = random() < 0.03 && life.shipped !== undefined && !isJudgedMonth(life.shipped, now);
    const trackingNumber =
      life.shipped === undefined || personal || forgetsTracking
        ? null
        : mallDelivery
          ? `MDP${digits(random, 10)}`
          : `${carrier.prefix}${digits(random, carrier.digits)}`;
    const trackingUrl = trackingNumber && !mallDelivery ? `${carrier.url}${trackingNumber}` : null;

    // Items: one to four different goods, mostly one piece each.
    const lines = weighted(random, [
      [1, 55],
      [2, 28],
      [3, 12],
      [4, 5],
    ] as const);
    const chosen = new Set<number>();
    while (chosen.size < lines) chosen.add(Math.floor(random() * content.goods.length));
    let goodsTotal = 0;
    let discountTotal = 0;
    const prepaidGroup = group !== 'CASH_ON_DELIVERY' && group !== 'INACTIVE_PAYMENT';
    let itemNo = 0;
    for (const g of chosen) {
      const [title, price, serial] = content.goods[g]!;
      const quantity = weighted(random, [
        [1, 85],
        [2, 12],
        [3, 3],
      ] as const);
      const line = money(content, price * quantity);
      const discount = random() < 0.12 ? money(content, line * 0.1) : 0;
      goodsTotal += line;
      discountTotal += discount;
      const serials =
        serial && life.shipped !== undefined
          ? Array.from({ length: quantity }, () => `SN${digits(random, 10)}`).join(',')
          : '';
      book.items.push({
        partnerId: partner.id,
        orderId: id,
        id: ++itemNo,
        articleId: String(100_000_000 + g * 1013 + slot * 7),
        partnerArticleId: `${sku}-${String(g + 1).padStart(4, '0')}`,
        title,
        quantity,
        unitPrice: price,
        totalDiscount: discount,
        vat: content.vat,
        commission: Math.round((line - discount) * 0.12 * 100) / 100,
        codFee: 0,
        prepaid: prepaidGroup ? money(content, line - discount) : 0,
        purchasePrice: Math.round((price / (1 + content.vat / 100)) * 0.62 * 100) / 100,
        serialNumbers: serials,
        // The marketplace's line reference (purchase number and line), which a customer quotes on a return.
        references: `${2_000_000_000 + (id % 1_000_000_000)}-${itemNo}`,
      });
    }
    const goods = goodsTotal - discountTotal;
    const deliveryPrice = personal
      ? 0
      : goods >= content.deliveryPrice.address * 20
        ? 0
        : pickup
          ? content.deliveryPrice.pickupPoint
          : content.deliveryPrice.address;
    const codFee = cashOnDelivery ? content.codFee : 0;
    const total = money(content, goods + deliveryPrice + codFee);

    const hasInvoice = life.shipped !== undefined;
    const closedAt = life.returned ?? life.lost ?? life.cancelled ?? life.blocked;
    const updated = Math.max(
      plan.created,
      ...[life.shipping, life.shipped, life.delivered, closedAt].filter((t): t is number => t !== undefined),
    );
    book.orders.push({
      partnerId: partner.id,
      id,
      purchaseId: String(2_000_000_000 + (id % 1_000_000_000)),
      externalId:
        random() < 0.7
          ? `${sku}${new Date(plan.created).getUTCFullYear()}-${String(sequenceNo).padStart(5, '0')}`
          : null,
      status,
      confirmed: plan.fate !== 'waiting',
      orderType: partner.shopId === 'PL20MA' && random() < 0.12 ? 'allegro' : 'mall',
      deliveryType: method,
      paymentType: payment,
      currency,
      parcelCount: lines >= 3 && random() < 0.5 ? 2 : 1,
      trackingNumber,
      trackingUrl,
      customerName: plan.test
        ? TEST_CUSTOMER[partner.shopId]
        : content.familyNameFirst
          ? `${last} ${first}`
          : `${first} ${last}`,
      customerEmail: mailOf(first, last, Math.floor(random() * 90) + 10, pick(content.mailDomains)),
      customerPhone: `${content.phonePrefix}${digits(random, 2)} ${digits(random, 3)} ${digits(random, 3)}`,
      deliveryCompany: random() < 0.08 ? `${last} ${pick(['s.r.o.', 'Sp. z o.o.', 'd.o.o.', 'Kft.'])}` : null,
      deliveryStreet: pickup ? null : `${street} ${1 + Math.floor(random() * 120)}`,
      deliveryCity: city,
      deliveryZip: zip,
      deliveryCountry: content.country,
      // The same draws as before, each now naming a seeded branch of the market's network (seed/branches.ts).
      branchId: pickup ? branchOf(partner.shopId, content.country, random()) : null,
      secondaryBranchId: pickup && random() < 0.3 ? branchOf(partner.shopId, content.country, random()) : null,
      // Drawn from what the order already is (no further random draws: the rest of the book stays as it was).
      transportId: mallDelivery
        ? 'MALL_DELIVERY'
        : personal
          ? null
          : (TRANSPORT_CODES[partner.shopId]?.[pickup ? 1 : 0] ?? null),
      isMdp: mallDelivery && !pickup,
      isDip: mallDelivery && pickup,
      invoiceNumber: hasInvoice
        ? `FV${new Date(plan.created).getUTCFullYear()}${String(slot * 100_000 + sequenceNo).padStart(6, '0')}`
        : null,
      isTest: plan.test,
      isMallDelivery: mallDelivery,
      necessaryInspection: random() < 0.02,
      readyToReturn: plan.readyToReturn,
      total,
      totalDiscount: money(content, discountTotal),
      cod: cashOnDelivery ? total : 0,
      deliveryPrice,
      codFee,
      createdAt: iso(plan.created),
      deliveryDate: dateOf(due),
      // The ship-by date of the working-day calendar: the carrier's working day before the delivery date.
      dispatchDate: addWorkingDays(
        MARKETS[partner.shopId as ShopId].shortCode,
        dateOf(due),
        -DISPATCH_DAYS_BEFORE_DELIVERY,
      ),
      shippedAt: life.shipped === undefined ? null : iso(life.shipped),
      deliveredAt: life.delivered === undefined ? null : iso(life.delivered),
      firstDeliveryAttemptAt: life.attempt === undefined ? null : iso(life.attempt),
      blockedAt: life.blocked === undefined ? null : iso(life.blocked),
      updatedAt: iso(updated),
    });

    // A business customer's purchase-order reference on each of its lines, beside the marketplace's one.
    const placed = book.orders[book.orders.length - 1]!;
    if (placed.deliveryCompany && !plan.test) {
      const po = `PO-${new Date(plan.created).getUTCFullYear()}-${String(sequenceNo).padStart(5, '0')}`;
      for (const item of book.items.slice(-chosen.size)) item.references += `,${po}`;
    }

    // Status history: the marketplace opens the order; the partner (its integration, the portal or a CSV
    // import) moves it on; the carrier's data (through the marketplace) delivers it.
    const r = random();
    const [source, accountId] =
      partner.accountId === null || r < 0.5
        ? (['api', null] as const)
        : r < 0.85
          ? (['partner', partner.accountId] as const)
          : (['import', partner.accountId] as const);
    const entry = (s: string, at: number, by: 'partner' | 'marketplace', tracking: string | null = null) =>
      book.history.push({
        partnerId: partner.id,
        orderId: id,
        status: s,
        at: iso(at),
        source: by === 'partner' ? source : 'marketplace',
        accountId: by === 'partner' ? accountId : null,
        trackingNumber: tracking,
      });
    entry('open', plan.created, 'marketplace');
    if (life.blocked !== undefined) entry('blocked', life.blocked, 'marketplace');
    if (life.shipping !== undefined) entry('shipping', life.shipping, 'partner');
    if (life.cancelled !== undefined) {
      entry('cancelled', life.cancelled, plan.fate === 'cancelledByCustomer' ? 'marketplace' : 'partner');
    }
    if (life.shipped !== undefined)
      entry('shipped', life.shipped, mallDelivery ? 'marketplace' : 'partner', trackingNumber);
    if (life.delivered !== undefined) {
      entry('delivered', life.delivered, mallDelivery || personal || random() < 0.7 ? 'marketplace' : 'partner');
    }
    if (life.returned !== undefined) entry('returned', life.returned, 'partner');
    if (life.lost !== undefined) entry('lost', life.lost, 'marketplace');
    for (const [s, at] of life.shipment)
      book.shipments.push({ partnerId: partner.id, orderId: id, status: s, at: iso(at) });
  }
}

/** The SLA's months are Central European ones; one formatter serves every order (making one is slow). */
const slaMonthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SLA_TIME_ZONE, year: 'numeric', month: '2-digit' });
const slaMonth = (at: number) => slaMonthFormat.format(new Date(at)).slice(0, 7);

/** Whether a moment falls in the last completed month of Central European time (the judged SLA month). */
function isJudgedMonth(at: number, now: number): boolean {
  const [year, month] = slaMonth(now).split('-').map(Number) as [number, number];
  return slaMonth(at) === `${new Date(Date.UTC(year, month - 2, 15)).toISOString().slice(0, 7)}`;
}

type Column<R> = [name: string, type: string, key: keyof R];

/** A seeded branch of the market's pickup-point network, chosen by one draw of the sequence. */
function branchOf(shopId: string, country: string, draw: number): string | null {
  const ids = demoBranchIds(country, TRANSPORT_CODES[shopId]?.[1] ?? '');
  return ids.length ? ids[Math.floor(draw * ids.length)]! : null;
}

/** The carrier codes (DELIVERY_CARRIERS) of each market's address and pickup-point carriers (order-markets.ts). */
export const TRANSPORT_CODES: Record<string, readonly [address: string, pickupPoint: string]> = {
  CZ10MA: ['PPL', 'ZASILKOVNA'],
  SK10MA: ['GLS', 'PACKETA'],
  PL20MA: ['DPD', 'INPOST_PACZKOMATY'],
  SI10SI: ['GLS', 'PACKETA'],
  HU20MA: ['GLS', 'PACKETA'],
  HR10MA: ['GLS', 'PACKETA'],
};

/**
 * Inserts rows as one array per column through unnest: one statement per table, whatever the number of rows.
 * Table and column names are this file's constants, never input.
 */
async function insertColumns<R>(db: DbOrTx, table: string, columns: Column<R>[], rows: R[]) {
  if (rows.length === 0) return;
  const names = columns.map(([name]) => name);
  const arrays = columns.map(([, type, key]) => {
    const base = type === 'text[]' ? 'text' : type;
    return sql`${sql.param(rows.map((row) => row[key] ?? null))}::${sql.raw(base)}[]`;
  });
  // Serial numbers travel as comma-separated text: unnest cannot carry an array per row.
  const select = columns.map(([name, type]) =>
    type === 'text[]' ? sql.raw(`coalesce(string_to_array(nullif(${name}, ''), ','), '{}')`) : sql.raw(name),
  );
  const statement: SQL = sql`insert into ${sql.raw(table)} (${sql.raw(names.join(', '))})
    select ${sql.join(select, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as t(${sql.raw(names.join(', '))})`;
  await db.execute(statement);
}

const ORDER_COLUMNS: Column<OrderRow>[] = [
  ['partner_id', 'int', 'partnerId'],
  ['id', 'bigint', 'id'],
  ['purchase_id', 'text', 'purchaseId'],
  ['external_id', 'text', 'externalId'],
  ['status', 'text', 'status'],
  ['confirmed', 'boolean', 'confirmed'],
  ['order_type', 'text', 'orderType'],
  ['delivery_type', 'text', 'deliveryType'],
  ['payment_type', 'text', 'paymentType'],
  ['currency', 'text', 'currency'],
  ['parcel_count', 'int', 'parcelCount'],
  ['tracking_number', 'text', 'trackingNumber'],
  ['tracking_url', 'text', 'trackingUrl'],
  ['customer_name', 'text', 'customerName'],
  ['customer_email', 'text', 'customerEmail'],
  ['customer_phone', 'text', 'customerPhone'],
  ['delivery_company', 'text', 'deliveryCompany'],
  ['delivery_street', 'text', 'deliveryStreet'],
  ['delivery_city', 'text', 'deliveryCity'],
  ['delivery_zip', 'text', 'deliveryZip'],
  ['delivery_country', 'text', 'deliveryCountry'],
  ['branch_id', 'text', 'branchId'],
  ['secondary_branch_id', 'text', 'secondaryBranchId'],
  ['transport_id', 'text', 'transportId'],
  ['is_mdp', 'boolean', 'isMdp'],
  ['is_dip', 'boolean', 'isDip'],
  ['invoice_number', 'text', 'invoiceNumber'],
  ['is_test', 'boolean', 'isTest'],
  ['is_mall_delivery', 'boolean', 'isMallDelivery'],
  ['necessary_inspection', 'boolean', 'necessaryInspection'],
  ['ready_to_return', 'boolean', 'readyToReturn'],
  ['total', 'numeric', 'total'],
  ['total_discount', 'numeric', 'totalDiscount'],
  ['cod', 'numeric', 'cod'],
  ['delivery_price', 'numeric', 'deliveryPrice'],
  ['cod_fee', 'numeric', 'codFee'],
  ['created_at', 'timestamptz', 'createdAt'],
  ['delivery_date', 'date', 'deliveryDate'],
  ['dispatch_date', 'date', 'dispatchDate'],
  ['shipped_at', 'timestamptz', 'shippedAt'],
  ['delivered_at', 'timestamptz', 'deliveredAt'],
  ['first_delivery_attempt_at', 'timestamptz', 'firstDeliveryAttemptAt'],
  ['blocked_at', 'timestamptz', 'blockedAt'],
  ['updated_at', 'timestamptz', 'updatedAt'],
];

const ITEM_COLUMNS: Column<ItemRow>[] = [
  ['partner_id', 'int', 'partnerId'],
  ['order_id', 'bigint', 'orderId'],
  ['id', 'bigint', 'id'],
  ['article_id', 'text', 'articleId'],
  ['partner_article_id', 'text', 'partnerArticleId'],
  ['title', 'text', 'title'],
  ['quantity', 'int', 'quantity'],
  ['unit_price', 'numeric', 'unitPrice'],
  ['total_discount', 'numeric', 'totalDiscount'],
  ['vat', 'numeric', 'vat'],
  ['commission', 'numeric', 'commission'],
  ['cod_fee', 'numeric', 'codFee'],
  ['prepaid', 'numeric', 'prepaid'],
  ['purchase_price', 'numeric', 'purchasePrice'],
  ['serial_numbers', 'text[]', 'serialNumbers'],
  ['item_references', 'text[]', 'references'],
];

const HISTORY_COLUMNS: Column<HistoryRow>[] = [
  ['partner_id', 'int', 'partnerId'],
  ['order_id', 'bigint', 'orderId'],
  ['status', 'text', 'status'],
  ['at', 'timestamptz', 'at'],
  ['source', 'text', 'source'],
  ['account_id', 'int', 'accountId'],
  ['tracking_number', 'text', 'trackingNumber'],
];

const SHIPMENT_COLUMNS: Column<ShipmentRow>[] = [
  ['partner_id', 'int', 'partnerId'],
  ['order_id', 'bigint', 'orderId'],
  ['status', 'text', 'status'],
  ['at', 'timestamptz', 'at'],
];

/**
 * The demo order book: a few hundred orders per partner over the last six months and this one, in every status,
 * with items, both histories, cash on delivery, MALL Delivery, pickup points, test orders, missing statuses and
 * an SLA with the cancel rate in warning. Deterministic for a given day; dates are relative to `now`.
 */
export async function seedDemoOrders(
  db: DbOrTx,
  partners: readonly DemoOrderPartner[],
  now = new Date(),
): Promise<{ orders: number }> {
  const random = sequence(2026);
  const book: Book = { orders: [], items: [], history: [], shipments: [] };
  const ids = new Set<number>();
  for (const [slot, partner] of partners.entries()) bookOf(partner, slot, now.getTime(), random, book, ids);
  // Histories go in in the order things happened, so their ids read as a timeline.
  book.history.sort(byTime);
  book.shipments.sort(byTime);
  await insertColumns(db, 'orders', ORDER_COLUMNS, book.orders);
  await insertColumns(db, 'order_items', ITEM_COLUMNS, book.items);
  await insertColumns(db, 'order_status_history', HISTORY_COLUMNS, book.history);
  await insertColumns(db, 'order_shipment_history', SHIPMENT_COLUMNS, book.shipments);
  return { orders: book.orders.length };
}
