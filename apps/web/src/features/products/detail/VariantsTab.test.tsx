import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VariantRow } from './formState';
import { VariantsTab } from './VariantsTab';

// Without an i18next instance the texts are their keys, which is what this test looks for.
const variant = (id: string, price: string): VariantRow => ({
  id,
  title: id,
  parameters: {},
  price,
  rrp: '',
  inStock: 1,
  barcode: '',
  imageUrl: null,
  deliveryDelay: 0,
  status: 'ACTIVE',
});

describe('the variants tab', () => {
  it("shows a campaign's price under the variant it names, and only there", () => {
    render(
      <MantineProvider>
        <VariantsTab
          parameters={[]}
          hasCategory
          variableParameters={[]}
          variantValues={{}}
          variants={[variant('TEE-S', '500'), variant('TEE-M', '600')]}
          media={[]}
          currency="CZK"
          campaignPrices={[
            { price: '450', from: '2026-12-01', to: '2026-12-07', source: 'CAMPAIGN', variantId: 'TEE-M' },
          ]}
          onParametersChange={() => {}}
          onVariantsChange={() => {}}
          onGenerate={() => {}}
          structureChanged={false}
          fieldError={() => undefined}
          canGenerate={false}
        />
      </MantineProvider>,
    );
    const rows = screen.getAllByTestId('variant-row');
    expect(rows.map((r) => r.querySelectorAll('[data-testid="variant-campaign-price"]').length)).toEqual([0, 1]);
    expect(screen.getByTestId('variant-campaign-price').textContent).toBe('promotions.variantCampaignPrice');
  });
});
