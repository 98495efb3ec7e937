import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { InvoiceView } from './InvoiceDetailPage';
import { OffsetView } from './OffsetDetailPage';
import type { BillingPartyData, InvoiceDetail, OffsetDetail } from './operations';

// Without an i18next instance the texts are their keys, which is what these tests look for.

const supplier: BillingPartyData = {
  name: 'Marketplace CZ s.r.o.',
  registrationNumber: '24681357',
  taxIdentification: '',
  vatNumber: 'CZ24681357',
  note: '',
  address: { street: 'Pražská 1250/12', city: 'Praha 10', zip: '102 00', country: 'CZ' },
  bank: {
    bankAccount: '2400012345/2010',
    bankName: 'Fio banka, a.s.',
    iban: 'CZ6520100000002400012345',
    swift: 'FIOBCZPP',
  },
};
const customer: BillingPartyData = { ...supplier, name: 'Obchod Šťastný s.r.o.', bank: null };

const creditNote: InvoiceDetail = {
  id: '12',
  documentType: 'credit-note',
  kind: 'CORRECTION',
  invoiceTypeTag: 'FS',
  invoiceNumber: '2610000042',
  documentNumber: '2610000042',
  originDocumentId: '7',
  originInvoiceNumber: '2610000007',
  referenceId: null,
  purchNoC: null,
  period: '2026-02',
  createdAt: '2026-03-01T08:00:00.000Z',
  deliveryAt: '2026-02-28',
  dueDate: '2026-03-15',
  currency: 'CZK',
  totalWithoutVat: '-1000.00',
  totalVat: '-210.00',
  total: '-1210.00',
  remaining: '0.00',
  variableSymbol: '2610000042',
  note: null,
  reverseCharge: true,
  hasOverview: false,
  supplier,
  customer,
  items: [
    {
      id: '1',
      code: 'CORRECTION',
      articleId: null,
      orderId: '5501',
      title: 'Vrácení provize',
      quantity: '1.000',
      unit: 'PIECE',
      unitPrice: '-1000.0000',
      vatRate: '21.00',
      priceWithoutVat: '-1000.00',
      priceWithVat: '-1210.00',
      totalPrice: '-1210.00',
    },
  ],
  taxRecap: [{ vatRate: '21', base: '-1000.00', vat: '-210.00', total: '-1210.00' }],
  offsets: [
    { offsetId: '3', documentNumber: '2640000003', diffPrice: '-1210.00', createdAt: '2026-03-02T08:00:00.000Z' },
  ],
};

/** The views hold links of the router: they are shown inside one, at a path of the billings area. */
function withRouter(children: ReactNode) {
  const rootRoute = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <>{children}</> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const text = (element: HTMLElement) => (element.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('the invoice detail', () => {
  it('shows a credit note with its parties, the bank, the recap, the origin and the offset that settled it', async () => {
    withRouter(<InvoiceView invoice={creditNote} />);
    // The type's label is its key's default here (no translations loaded): "credit-note".
    expect(await screen.findByRole('heading', { name: /credit-note 2610000042/ })).toBeTruthy();
    expect(screen.getByTestId('invoice-supplier-bank').textContent).toContain('CZ6520100000002400012345');
    expect(screen.queryByTestId('invoice-customer-bank')).toBeNull();
    expect(screen.getByTestId('invoice-reverse-charge')).toBeTruthy();
    // English figures without a language chosen; the amount exact from its string.
    expect(text(screen.getByTestId('invoice-total'))).toBe('-CZK 1,210.00');
    expect(screen.getByRole('link', { name: '2610000007' }).getAttribute('href')).toBe('/billings/invoice-detail/7');
    expect(screen.getByRole('link', { name: '2640000003' }).getAttribute('href')).toBe('/billings/offset-detail/3');
    const items = screen.getByRole('region', { name: 'billing.detail.items' });
    expect(within(items).getByText('Vrácení provize')).toBeTruthy();
    // Only the document's own files: a correction has no overview of orders.
    expect(screen.getByRole('button', { name: 'billing.detail.downloadPdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'billing.detail.downloadXlsx' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'billing.detail.overviewPdf' })).toBeNull();
  });

  it('offers the overview files of a commission invoice', async () => {
    withRouter(
      <InvoiceView
        invoice={{
          ...creditNote,
          documentType: 'invoice',
          kind: 'COMMISSION',
          originDocumentId: null,
          hasOverview: true,
        }}
      />,
    );
    expect(await screen.findByRole('button', { name: 'billing.detail.overviewPdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'billing.detail.overviewXlsx' })).toBeTruthy();
    expect(screen.queryByTestId('invoice-origin')).toBeNull();
  });
});

const offset: OffsetDetail = {
  id: '3',
  documentNumber: '2640000003',
  period: '2026-02',
  createdAt: '2026-03-02T08:00:00.000Z',
  dueDate: '2026-03-16',
  currency: 'EUR',
  sumPrice: '500.00',
  creditPrice: '800.00',
  remainingPrice: '0.00',
  diffPrice: '300.00',
  variableSymbol: '2640000003',
  supplier,
  customer,
  invoices: [
    {
      id: '1',
      lineKind: 'invoice',
      documentId: '7',
      orderId: null,
      reference: '2610000007',
      created: '2026-03-01T08:00:00.000Z',
      dueDate: '2026-03-15',
      sumPrice: '500.00',
      offsetPrice: '500.00',
      remainPrice: '0.00',
      currency: 'EUR',
    },
  ],
  orders: [],
};

describe('the offset detail', () => {
  it('shows the sums, says who is paid the difference, and links the settled invoice', async () => {
    withRouter(<OffsetView offset={offset} />);
    expect(await screen.findByRole('heading', { name: 'billing.offset.heading' })).toBeTruthy();
    expect(text(screen.getByTestId('offset-diff'))).toContain('billing.offset.toPartner');
    expect(text(screen.getByTestId('offset-credit'))).toContain('800.00');
    expect(screen.getByRole('link', { name: '2610000007' }).getAttribute('href')).toBe('/billings/invoice-detail/7');
    expect(screen.getByTestId('offset-orders').textContent).toContain('billing.offset.noLines');
    expect(screen.getByRole('button', { name: 'billing.detail.downloadPdf' })).toBeTruthy();
  });
});
