import cs from '../../../../../packages/domain/src/i18n/locales/cs.json';
import en from '../../../../../packages/domain/src/i18n/locales/en.json';
import { describeActivity } from '@pp/domain';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityActor, activityRuns, fill, splitSentence } from './activity';

describe('an activity sentence', () => {
  it('splits into plain and linked runs', () => {
    expect(
      splitSentence('You changed the status of order <link>\uE000order\uE001</link> to \uE000status\uE001'),
    ).toEqual([
      { text: 'You changed the status of order ', link: false, at: 0 },
      { text: '\uE000order\uE001', link: true, at: 32 },
      { text: ' to \uE000status\uE001', link: false, at: 52 },
    ]);
    expect(splitSentence('You signed in')).toEqual([{ text: 'You signed in', link: false, at: 0 }]);
  });

  it('puts values in after the split, so a title that looks like markup stays text', () => {
    const [, linked] = splitSentence('You edited the product <link>\uE000product\uE001</link>');
    expect(fill(linked!.text, { product: 'Bike </link><b>x</b>' })).toBe('Bike </link><b>x</b>');
  });
});

describe('the sentences of the deliveries area, as a seller reads them', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({ lng: 'en', resources: { en: { translation: en }, cs: { translation: cs } } });
  });
  const read = (
    action: string,
    entityId: string | null,
    data: Record<string, unknown> | null,
    who: { byYou?: boolean; actorName?: string | null; apiClientId?: string | null; lang?: string } = {},
  ) => {
    const t = i18n.getFixedT(who.lang ?? 'en');
    const sentence = describeActivity({ action, entityId, data });
    const entry = {
      byYou: who.byYou ?? false,
      kind: sentence.kind,
      link: sentence.link,
      params: Object.entries(sentence.params).map(([name, value]) => ({ name, value: String(value) })),
    };
    const actor = activityActor(
      { actorName: who.actorName ?? null, actorEmail: null, apiClientId: who.apiClientId ?? null },
      t,
    );
    const runs = activityRuns(entry, actor, t);
    return {
      text: runs.map((r) => r.text).join(''),
      linked: runs.filter((r) => r.link).map((r) => r.text),
      link: sentence.link,
    };
  };

  it('names the partner’s integration when one of its API keys made the change', () => {
    const data = { code: 'home', transport: 'PPL', price: 99, pricing: 'PRICE_LEVELS' };
    const text = read('delivery.update', '7', data, { apiClientId: 'pp_k3y' }).text;
    expect(text).toMatch(/^Your integration \(API key pp_k3y\) /);
    expect(read('delivery.update', '7', data, { apiClientId: 'pp_k3y', lang: 'cs' }).text).toMatch(
      /^Vaše integrace \(API klíč pp_k3y\) /,
    );
  });

  it('names the marketplace when no account acted: a new order, a customer cancellation, a parcel', () => {
    expect(read('order.create', '4005', { source: 'marketplace', channel: 'push' })).toEqual({
      text: 'The marketplace sent the new order 4005',
      linked: ['4005'],
      link: '/orders/4005',
    });
    expect(read('order.marketplace-event', '4005', { cancellationRequested: true }).text).toBe(
      "The marketplace passed on the customer's request to cancel order 4005",
    );
    expect(read('order.marketplace-event', '4005', { shipment: 'LOST' }).text).toBe(
      'The marketplace reported the parcel of order 4005 as Lost by the carrier',
    );
    expect(read('order.status', '4005', { to: 'cancelled', source: 'marketplace' }).text).toBe(
      'The marketplace changed the status of order 4005 to Cancelled',
    );
    expect(read('order.create', '4005', null, { lang: 'cs' }).text).toBe('Tržiště poslalo novou objednávku 4005');
  });

  it("says the reader's and a colleague's changes of methods, warehouse and MALL Delivery with their links", () => {
    expect(read('delivery.create', '3', { code: 'PPL' }, { byYou: true })).toEqual({
      text: 'You added the delivery method PPL',
      linked: ['PPL'],
      link: '/deliveries/detail/3',
    });
    expect(read('delivery.delete', '3', { code: 'PPL' }, { actorName: 'Jana Nováková' })).toEqual({
      text: 'Jana Nováková deleted the delivery method PPL',
      linked: ['delivery method'],
      link: '/deliveries',
    });
    expect(read('warehouse.update', '9', { codPaymentDisabled: [false, true] }, { actorName: 'Jana' }).text).toBe(
      'Jana switched cash on delivery off in the warehouse settings',
    );
    expect(read('deliveries.mall.accept', '2', { to: 'active' }, { actorName: 'Operator Petr' })).toEqual({
      text: "Operator Petr accepted the shop's MALL Delivery request",
      linked: ['MALL Delivery'],
      link: '/deliveries/mall',
    });
    expect(read('deliveries.mall.spectrum', '9', {}, { byYou: true }).linked).toEqual(['Spectrum settings']);
  });
});
