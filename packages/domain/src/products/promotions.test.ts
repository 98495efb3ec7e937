import { describe, expect, it } from 'vitest';
import { type DatedPromotion, effectivePrice, promotionsOfItem, promotionValidOn } from './promotions';

const partner = (price: number, from: string | null, to: string | null): DatedPromotion => ({
  price,
  from,
  to,
  source: 'PARTNER',
});
const campaign = (price: number, from: string, to: string, variantId?: string): DatedPromotion => ({
  price,
  from,
  to,
  source: 'CAMPAIGN',
  campaignId: 7,
  ...(variantId ? { variantId } : {}),
});

describe('effective price', () => {
  it('is valid on its first and last day, not the day before or after', () => {
    const p = campaign(80, '2026-12-01', '2026-12-07');
    expect(promotionValidOn(p, '2026-11-30')).toBe(false);
    expect(promotionValidOn(p, '2026-12-01')).toBe(true);
    expect(promotionValidOn(p, '2026-12-07')).toBe(true);
    expect(promotionValidOn(p, '2026-12-08')).toBe(false);
    expect(promotionValidOn(partner(80, null, null), '1999-01-01')).toBe(true);
  });

  it('is the campaign price inside its days and the price outside them', () => {
    const promotions = [campaign(80, '2026-12-01', '2026-12-07')];
    expect(effectivePrice({ price: 100 }, promotions, '2026-11-30')).toEqual({ price: 100, promotion: null });
    expect(effectivePrice({ price: 100 }, promotions, '2026-12-01')).toEqual({ price: 80, promotion: promotions[0] });
    expect(effectivePrice({ price: 100 }, promotions, '2026-12-08').price).toBe(100);
  });

  it('takes the lowest valid promotion of either source, and the campaign at an equal price', () => {
    const own = partner(70, '2026-12-05', null);
    const camp = campaign(80, '2026-12-01', '2026-12-07');
    expect(effectivePrice({ price: 100 }, [own, camp], '2026-12-03').promotion).toBe(camp);
    expect(effectivePrice({ price: 100 }, [own, camp], '2026-12-05')).toEqual({ price: 70, promotion: own });
    const same = partner(80, null, null);
    expect(effectivePrice({ price: 100 }, [same, camp], '2026-12-03').promotion).toBe(camp);
  });

  it('never raises the price: a promotion at or above it is not applied', () => {
    expect(effectivePrice({ price: 100 }, [partner(100, null, null)], '2026-12-03')).toEqual({
      price: 100,
      promotion: null,
    });
    expect(effectivePrice({ price: 100 }, [partner(120, null, null)], '2026-12-03').price).toBe(100);
    expect(effectivePrice({ price: null }, [partner(50, null, null)], '2026-12-03').price).toBeNull();
  });

  it("gives a variant its own campaign price, else the product's promotions", () => {
    const forM = campaign(40, '2026-12-01', '2026-12-07', 'SHIRT-M');
    const productWide = partner(45, null, null);
    const promotions = [forM, productWide];
    expect(effectivePrice({ price: 50, variantId: 'SHIRT-M' }, promotions, '2026-12-02').price).toBe(40);
    // After the campaign, the product's own promotion applies to the variant again.
    expect(effectivePrice({ price: 50, variantId: 'SHIRT-M' }, promotions, '2026-12-08').price).toBe(45);
    // Another variant never takes SHIRT-M's price, and the product's own price ignores it.
    expect(effectivePrice({ price: 50, variantId: 'SHIRT-L' }, promotions, '2026-12-02').price).toBe(45);
    expect(effectivePrice({ price: 50 }, [forM], '2026-12-02').price).toBe(50);
    expect(promotionsOfItem(promotions, 'SHIRT-M')).toEqual([forM]);
    expect(promotionsOfItem(promotions, null)).toEqual([productWide]);
  });
});
