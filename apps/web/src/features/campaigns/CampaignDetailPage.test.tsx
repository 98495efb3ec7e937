import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CampaignTerms } from './CampaignDetailPage';
import type { CampaignDetail } from './operations';

// Without an i18next instance the texts are their keys, which is what these tests look for.
const campaign: CampaignDetail = {
  id: '1',
  name: 'Vánoční elektronika',
  description: 'Kampaň na hlavní stránce.',
  labels: ['SALE'],
  locked: false,
  status: 'PUBLISHED',
  phase: 'UPCOMING',
  joinable: true,
  minDiscount: 10,
  minDiscountRrp: 15,
  maxReduction: null,
  articleCountMin: 1,
  articleCountMax: 500,
  categories: [],
  divisions: [{ id: '5', name: 'Elektronika' }],
  shops: ['CZ10MA', 'SK10MA'],
  dateFrom: '2030-12-01',
  dateTo: '2030-12-14',
  productsCount: 0,
  joined: false,
};

const show = (c: CampaignDetail) =>
  render(
    <MantineProvider>
      <CampaignTerms campaign={c} />
    </MantineProvider>,
  );

describe("a campaign's terms", () => {
  it('shows every term, "any" for no category limit and "never asked" for no reduction limit', () => {
    show(campaign);
    expect(screen.getByRole('heading', { name: 'Vánoční elektronika' })).toBeTruthy();
    expect(screen.getByText('Elektronika')).toBeTruthy();
    expect(screen.getByText('campaigns.detail.anyCategory')).toBeTruthy();
    expect(screen.getByText('campaigns.detail.noMaxReduction')).toBeTruthy();
    expect(screen.getByText('SALE')).toBeTruthy();
    expect(screen.getByTestId('campaign-joinable').textContent).toBe('campaigns.detail.joinable');
    expect(screen.getByTestId('campaign-phase').getAttribute('data-state')).toBe('UPCOMING');
  });

  it('says the partner takes part once it has products in it, and shows a cancelled one by its status', () => {
    show({ ...campaign, status: 'CANCELLED', joinable: false, joined: true, productsCount: 3 });
    expect(screen.getByTestId('campaign-joinable').textContent).toBe('campaigns.detail.joined');
    expect(screen.getByTestId('campaign-status').getAttribute('data-state')).toBe('CANCELLED');
    expect(screen.getByTestId('campaign-products-count').textContent).toContain('3');
  });
});
