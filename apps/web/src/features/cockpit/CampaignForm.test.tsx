import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { CockpitCampaign } from '../campaigns/operations';
import {
  CampaignForm,
  type CampaignFormValues,
  campaignFormInput,
  checkCampaignForm,
  EMPTY_CAMPAIGN,
  frozenFieldsOf,
} from './CampaignForm';

// Without an i18next instance the texts are their keys, which is what these tests look for.
const t = ((key: string) => key) as unknown as TFunction;

const filled: CampaignFormValues = {
  ...EMPTY_CAMPAIGN,
  name: 'Black Friday',
  shops: ['CZ10MA'],
  articleCountMin: '1',
  articleCountMax: '50',
  from: '2030-11-20',
  to: '2030-11-30',
};

describe('the campaign form before sending', () => {
  it('sends numbers as numbers, a decimal comma as a point, an empty reduction limit as none', () => {
    const input = campaignFormInput({ ...filled, minDiscount: '12,5', maxReduction: '', categories: ['7'] });
    expect(input).toMatchObject({ minDiscount: 12.5, maxReduction: null, articleCountMax: 50, categories: [7] });
    const checked = checkCampaignForm({ ...filled, minDiscount: '12,5' }, t);
    expect(checked.errors).toBeUndefined();
    expect(checked.input).toMatchObject({ name: 'Black Friday', minDiscount: 12.5, from: '2030-11-20' });
  });

  it('says "required" for each empty required field, all at once', () => {
    const { errors } = checkCampaignForm(EMPTY_CAMPAIGN, t);
    expect(errors).toMatchObject({
      name: 'validation.required',
      shops: 'validation.required',
      articleCountMax: 'validation.required',
      from: 'validation.required',
      to: 'validation.required',
    });
  });

  it("applies the domain's rules: count range, dates, percentages", () => {
    expect(checkCampaignForm({ ...filled, articleCountMin: '10', articleCountMax: '9' }, t).errors).toEqual({
      articleCountMax: 'validation.campaignCountRange',
    });
    expect(checkCampaignForm({ ...filled, to: '2030-11-19' }, t).errors).toEqual({ to: 'validation.campaignDates' });
    expect(checkCampaignForm({ ...filled, minDiscount: '101' }, t).errors).toEqual({
      minDiscount: 'validation.numberOutOfRange',
    });
    expect(checkCampaignForm({ ...filled, minDiscountRrp: 'ten' }, t).errors).toEqual({
      minDiscountRrp: 'validation.invalid',
    });
    expect(checkCampaignForm({ ...filled, articleCountMin: '1.5' }, t).errors).toEqual({
      articleCountMin: 'validation.integer',
    });
  });

  it('freezes the terms of a published campaign that started or was joined, never of a draft', () => {
    const base = {
      status: 'PUBLISHED',
      dateFrom: '2030-11-20',
      productsCount: 0,
    } as CockpitCampaign;
    expect(frozenFieldsOf(base, '2030-11-19').size).toBe(0);
    expect(frozenFieldsOf(base, '2030-11-20').has('minDiscount')).toBe(true);
    expect(frozenFieldsOf({ ...base, productsCount: 3 }, '2030-11-01').has('from')).toBe(true);
    expect(frozenFieldsOf({ ...base, status: 'DRAFT' }, '2030-12-01').size).toBe(0);
    expect(frozenFieldsOf({ ...base, productsCount: 3 }, '2030-11-01').has('name' as never)).toBe(false);
  });

  it('shows the messages on the fields and sends nothing when the form is not filled in', () => {
    let saved = false;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <CampaignForm
            onSaved={() => {
              saved = true;
            }}
          />
        </MantineProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'cockpit.campaigns.form.create' }));
    expect(screen.getByLabelText(/cockpit\.campaigns\.form\.name/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('validation.required').length).toBeGreaterThanOrEqual(5);
    expect(saved).toBe(false);
  });
});
