import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvoiceRow } from '../billing/operations';
import { BillingCorrectionDialog } from './BillingCorrectionDialog';

// Without an i18next instance the texts are their keys. A form the domain refuses is never sent.

// Mantine's autosizing Textarea listens to font loading, which happy-dom does not provide.
if (!(document as { fonts?: unknown }).fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}
const invoice: InvoiceRow = {
  id: '7',
  documentType: 'invoice',
  kind: 'COMMISSION',
  invoiceTypeTag: 'FS',
  invoiceNumber: '2610000007',
  documentNumber: '2610000007',
  originDocumentId: null,
  originInvoiceNumber: null,
  period: '2026-02',
  createdAt: '2026-03-01T08:00:00.000Z',
  deliveryAt: '2026-02-28',
  dueDate: '2026-03-15',
  currency: 'CZK',
  total: '1210.00',
  remaining: '1210.00',
  variableSymbol: '2610000007',
  hasOverview: true,
};

describe('the credit or debit note dialog', () => {
  it('names every field that needs fixing, line by line, before anything is sent', () => {
    render(
      <MantineProvider>
        <BillingCorrectionDialog document={invoice} onClose={() => {}} onIssued={() => {}} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'billing.cockpit.correction.addLine' }));
    expect(screen.getAllByRole('group', { name: /billing.cockpit.correction.line/ })).toHaveLength(2);
    const [firstPrice] = screen.getAllByLabelText(/billing.cockpit.correction.unitPrice/);
    fireEvent.change(firstPrice!, { target: { value: '12,34567' } });
    fireEvent.click(screen.getByRole('button', { name: 'billing.cockpit.correction.submit' }));
    // reason and both lines' titles and rates are missing; the first line's price has too many places.
    expect(screen.getAllByText('validation.required').length).toBeGreaterThanOrEqual(5);
    expect(screen.getByText('validation.billingDecimal')).toBeTruthy();
    // Each line has its remove button ("Remove line 2" with translations).
    const removes = screen.getAllByRole('button', { name: 'billing.cockpit.correction.removeLine' });
    expect(removes).toHaveLength(2);
    fireEvent.click(removes[1]!);
    expect(screen.getAllByRole('group', { name: /billing.cockpit.correction.line/ })).toHaveLength(1);
  });
});
