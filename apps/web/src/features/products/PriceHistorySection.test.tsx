import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type PriceSeries, PriceHistoryView, priceSteps } from './PriceHistorySection';

// Without an i18next instance the texts are their keys, which is what these tests look for.
const DAY_MS = 86_400_000;
const NOW = Date.parse('2026-11-29T12:00:00Z');
const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY_MS).toISOString();

const own: PriceSeries = {
  variantId: null,
  startPrice: 80,
  lowestPrice30: 80,
  points: [
    { changedAt: at(29), price: 120, previousPrice: 80, source: 'IMPORT' },
    { changedAt: at(1), price: 100, previousPrice: 120, source: 'CAMPAIGN' },
  ],
};
const variant: PriceSeries = {
  variantId: 'TEE-1-S',
  startPrice: null,
  lowestPrice30: 500,
  points: [{ changedAt: at(3), price: 500, previousPrice: null, source: null }],
};

const view = (series: PriceSeries[]) =>
  render(
    <MantineProvider>
      <PriceHistoryView series={series} currency="CZK" variants={[{ id: 'TEE-1-S', title: 'Tee S' }]} days={90} />
    </MantineProvider>,
  );

describe('the price history section', () => {
  it("shows the product's lowest price of 30 days, its changes newest first, and a choice of variant", () => {
    view([own, variant]);
    // Money as the reader's language writes it (a no-break space inside).
    expect(screen.getByTestId('price-history-lowest30').textContent?.replace(/\s/g, ' ')).toBe('CZK 80');
    // A first price is no change.
    expect(screen.getByTestId('price-history-changes').textContent).toBe('2');
    const rows = screen.getByTestId('price-history-list').querySelectorAll('tbody tr');
    expect([...rows].map((r) => r.querySelectorAll('td')[1]?.textContent?.replace(/\D/g, ''))).toEqual(['100', '120']);
    // Who wrote each price: a campaign's price is named as such.
    expect([...rows].map((r) => r.querySelectorAll('td')[3]?.textContent)).toEqual([
      'promotions.priceSource.CAMPAIGN',
      'promotions.priceSource.IMPORT',
    ]);
    // The product's own price is shown first; its variants are a choice away.
    expect(screen.getAllByLabelText('products.priceHistory.item').length).toBeGreaterThan(0);
    expect(screen.getByDisplayValue('products.priceHistory.itemProduct')).toBeTruthy();
  });

  it('says so when nothing is recorded, and offers no choice for a single series', () => {
    const { unmount } = view([]);
    expect(screen.getByTestId('price-history-empty').textContent).toBe('products.priceHistory.none');
    unmount();
    view([own]);
    expect(screen.queryAllByLabelText('products.priceHistory.item')).toEqual([]);
  });

  it('draws steps from the start of the period to now', () => {
    expect(priceSteps(own, 90, NOW).map((s) => [s.at.toISOString(), s.price])).toEqual([
      [new Date(NOW - 90 * DAY_MS).toISOString(), 80],
      [at(29), 120],
      [at(1), 100],
      [new Date(NOW).toISOString(), 100],
    ]);
    // No price before the period: the line starts at the first price.
    expect(priceSteps(variant, 90, NOW).map((s) => s.price)).toEqual([500, 500]);
  });
});
