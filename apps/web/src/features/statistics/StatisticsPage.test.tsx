import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pointsOf, type StatisticsView } from './operations';
import { chartData, StatisticsResults } from './StatisticsPage';

// Without an i18next instance the texts are their keys, which is what these tests look for.
const view: StatisticsView = {
  from: '2020-03-09',
  to: '2020-03-11',
  granularity: 'DAY',
  market: null,
  averageDispatchHours: 8.7,
  topFrom: '2020-03-01',
  topTo: '2020-03-01',
  columns: {
    buckets: ['2020-03-09', '2020-03-10', '2020-03-11'],
    orders: [0, 2, 1],
    items: [0, 3, 1],
    delivered: [0, 1, 0],
    cancelled: [0, 1, 0],
    returned: [0, 0, 0],
    shipped: [0, 1, 1],
    sales: [
      { currency: 'CZK', amounts: ['0.00', '1000.50', '0.00'] },
      { currency: 'EUR', amounts: ['0.00', '0.00', '20.10'] },
    ],
  },
  totals: {
    orders: 3,
    items: 4,
    delivered: 1,
    cancelled: 1,
    returned: 0,
    shipped: 2,
    sales: [
      { currency: 'CZK', amount: '1000.50' },
      { currency: 'EUR', amount: '20.10' },
    ],
  },
  topProducts: [{ key: 'LAMP-1', name: 'Lamp', quantity: 3, sales: [{ currency: 'CZK', amount: '1000.50' }] }],
  topCategories: [
    { key: null, name: null, quantity: 1, sales: [{ currency: 'EUR', amount: '20.10' }] },
    { key: '12', name: 'Lighting', quantity: 3, sales: [{ currency: 'CZK', amount: '1000.50' }] },
  ],
};

describe('the statistics results', () => {
  it('shows the totals, the dispatch time and both top lists, products of no category as "other"', () => {
    render(
      <MantineProvider>
        <StatisticsResults view={view} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('statistics-orders').textContent).toContain('3');
    // Each currency on its own line, formatted as money everywhere in the portal (0–2 decimals).
    expect(screen.getByTestId('statistics-sales').textContent).toMatch(/CZK\s1,000\.5/);
    expect(screen.getByTestId('statistics-sales').textContent).toContain('€20.1');
    expect(screen.getByTestId('statistics-dispatch').textContent).toContain('statistics.dispatch.value');
    const products = screen.getByRole('table', { name: 'statistics.top.products' });
    expect(within(products).getByText('Lamp')).toBeTruthy();
    expect(within(products).getByText('LAMP-1')).toBeTruthy();
    const categories = screen.getByRole('table', { name: 'statistics.top.categories' });
    const rows = within(categories).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('statistics.top.other');
    expect(rows[2]!.textContent).toContain('Lighting');
    expect(screen.queryByTestId('statistics-empty')).toBeNull();
  });

  it('draws one sales series per currency, zero where a period sold nothing in it', () => {
    const { data, currencies } = chartData(pointsOf(view.columns), (b) => b.slice(5));
    expect(currencies).toEqual(['CZK', 'EUR']);
    expect(data.map((p) => [p.label, p.orders, p.CZK, p.EUR])).toEqual([
      ['03-09', 0, 0, 0],
      ['03-10', 2, 1000.5, 0],
      ['03-11', 1, 0, 20.1],
    ]);
  });
});
