import { describe, expect, it } from 'vitest';
import { CONTACT_LIMIT, type ContactFacts, contactDeleteRefusal, contactSaveRefusal, contactSchema } from './contacts';

const courier = { phone: '601 123 456', roles: ['MALL_DELIVERY'] };
const sales = { phone: '', roles: ['SALES'] };
const facts = (patch: Partial<ContactFacts> = {}): ContactFacts => ({
  id: null,
  existing: [{ id: 1, roles: ['MANAGER'] }],
  mdpActive: true,
  ...patch,
});
const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, roles: ['SALES'] }));

describe('saving a contact', () => {
  it('lets a partner keep up to the limit of contacts', () => {
    expect(contactSaveRefusal(sales, facts({ existing: many(CONTACT_LIMIT - 1) }))).toBeNull();
    expect(contactSaveRefusal(sales, facts({ existing: many(CONTACT_LIMIT) }))).toBe('CONTACT_LIMIT_EXCEEDED');
    expect(contactSaveRefusal(sales, facts({ id: 4, existing: many(CONTACT_LIMIT) }))).toBeNull();
  });

  it('does not change a contact the partner does not have', () => {
    expect(contactSaveRefusal(sales, facts({ id: 99 }))).toBe('CONTACT_NOT_FOUND');
  });

  it('keeps the MALL Delivery contact alone in its role and reachable by phone', () => {
    expect(contactSaveRefusal(courier, facts())).toBeNull();
    expect(contactSaveRefusal({ ...courier, roles: ['MALL_DELIVERY', 'LOGISTICS'] }, facts())).toBe(
      'MALL_DELIVERY_CONTACT_NOT_STANDALONE',
    );
    expect(contactSaveRefusal({ ...courier, phone: ' ' }, facts())).toBe('MALL_DELIVERY_CONTACT_INCONSISTENT');
  });

  it('allows one MALL Delivery contact, which may itself be changed', () => {
    const existing = [
      { id: 1, roles: ['MANAGER'] },
      { id: 2, roles: ['MALL_DELIVERY'] },
    ];
    expect(contactSaveRefusal(courier, facts({ existing }))).toBe('MALL_DELIVERY_CONTACT_NOT_UNIQUE');
    expect(contactSaveRefusal(courier, facts({ id: 1, existing }))).toBe('MALL_DELIVERY_CONTACT_NOT_UNIQUE');
    expect(contactSaveRefusal({ ...courier, phone: '602 000 111' }, facts({ id: 2, existing }))).toBeNull();
  });

  it('keeps the role on its only holder while MALL Delivery is active', () => {
    const existing = [{ id: 2, roles: ['MALL_DELIVERY'] }];
    expect(contactSaveRefusal(sales, facts({ id: 2, existing }))).toBe('MALL_DELIVERY_CONTACT_MANDATORY');
    expect(contactSaveRefusal(sales, facts({ id: 2, existing, mdpActive: false }))).toBeNull();
  });

  it('takes a contact without a phone, and checks a phone that is given', () => {
    const base = { firstName: 'Jana', lastName: 'Nová', email: 'jana@example.cz', roles: ['SALES'] };
    expect(contactSchema('CZ').parse(base).phone).toBe('');
    expect(contactSchema('CZ').safeParse({ ...base, phone: '12' }).success).toBe(false);
  });
});

describe('deleting a contact', () => {
  it('keeps the MALL Delivery contact while the service is active', () => {
    expect(contactDeleteRefusal(courier, true)).toBe('MALL_DELIVERY_CONTACT_MANDATORY');
    expect(contactDeleteRefusal(courier, false)).toBeNull();
    expect(contactDeleteRefusal(sales, true)).toBeNull();
  });
});
