import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InvoiceExportSection } from './InvoiceExportSection';

// Without an i18next instance the texts are their keys, which is what these tests look for. A range the
// domain refuses is never sent, so no server answers here.
const show = () =>
  render(
    <MantineProvider>
      <InvoiceExportSection />
    </MantineProvider>,
  );

describe('the billing export form', () => {
  it('refuses more than three months before sending, on the end day', () => {
    show();
    fireEvent.change(screen.getByLabelText(/billing.export.from/), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText(/billing.export.to/), { target: { value: '2026-04-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'billing.export.submit' }));
    expect(screen.getByText('validation.maxThreeMonths')).toBeTruthy();
    expect(screen.getByLabelText(/billing.export.to/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('billing-export-preparing')).toBeNull();
  });

  it('says which day is missing', () => {
    show();
    fireEvent.change(screen.getByLabelText(/billing.export.from/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'billing.export.submit' }));
    expect(screen.getByText('validation.required')).toBeTruthy();
  });
});
