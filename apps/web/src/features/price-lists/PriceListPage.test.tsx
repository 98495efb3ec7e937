import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PriceListData } from './operations';
import { PriceListCard } from './PriceListPage';

// Without an i18next instance the texts are their keys, which is what these tests look for.
const node = (id: string, name: string, level: number, commission: number | null, effective: number, extra = {}) => ({
  id,
  name,
  level,
  commission,
  effectiveCommission: effective,
  brands: [] as { brandId: string; name: string; commission: number }[],
  ...extra,
});

const list: PriceListData = {
  version: {
    id: '2',
    name: 'Standard CZ10MA',
    type: 'STANDARD',
    shopId: 'CZ10MA',
    validFrom: '2026-01-01',
    validTo: '2026-12-10',
    state: 'ACTIVE',
    commission: 12,
  },
  next: { id: '3', validFrom: '2026-12-10' },
  tree: [
    {
      ...node('1', 'Electronics', 1, 8, 8),
      children: [
        {
          ...node('10', 'Phones', 2, 7, 7),
          children: [
            node('100', 'Smartphones', 3, 6, 6, {
              brands: [
                { brandId: 'APPLE', name: 'Apple', commission: 5 },
                { brandId: 'SAMSUNG', name: 'Samsung', commission: 5.5 },
              ],
            }),
            node('101', 'Feature phones', 3, null, 7),
          ],
        },
      ],
    },
  ],
};

describe('the price list tree', () => {
  it('shows divisions first and opens categories and subcategories with their own or inherited rates', () => {
    render(
      <MantineProvider>
        <PriceListCard list={list} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('price-list-state').textContent).toBe('priceLists.state.ACTIVE');
    expect(screen.getByTestId('price-list-next')).toBeTruthy();
    expect(screen.queryByText('Phones')).toBeNull();

    // A row's button is named by the category (its rate stays text beside it), its state is aria-expanded.
    const division = screen.getByRole('button', { name: /^Electronics/ });
    expect(division.getAttribute('aria-expanded')).toBe('false');
    expect(division.getAttribute('title')).toBe('priceLists.expand');
    fireEvent.click(division);
    expect(division.getAttribute('aria-expanded')).toBe('true');
    expect(division.getAttribute('title')).toBe('priceLists.collapse');
    fireEvent.click(screen.getByRole('button', { name: /^Phones/ }));

    const smartphones = screen.getByTestId('price-list-node-100');
    expect(smartphones.textContent).toContain('Smartphones');
    expect(smartphones.textContent).toContain('6 %');
    expect(smartphones.textContent).toContain('Apple 5 %');
    expect(smartphones.textContent).toContain('Samsung 5.5 %');
    const inherited = screen.getByTestId('price-list-node-101');
    expect(inherited.textContent).toContain('7 %');
    expect(inherited.textContent).toContain('priceLists.inherited');
    expect(smartphones.textContent).not.toContain('priceLists.inherited');
  });
});
