import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { PartnerNoteCard, PartnerPeopleCard } from './PartnerDetailForms';
import type { CockpitPartnerDetail } from './PartnerDetailOperations';
import { RegistrationCard, WorkflowCard } from './PartnerDetailSections';

// Without an i18next instance the texts are their keys (with their values where a key takes some).

if (!(document as { fonts?: unknown }).fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

const partner: CockpitPartnerDetail = {
  id: '42',
  partnerName: 'Kola Novák s.r.o.',
  mallName: 'Kola Novák',
  sapId: null,
  shopId: 'CZ10MA',
  clientId: null,
  country: 'CZ',
  urlSlug: 'Kola Novák',
  created: '2026-11-02T08:00:00.000Z',
  updated: '2026-11-02T08:00:00.000Z',
  provider: 'HEUREKA_FEED',
  pluginProvider: null,
  rating: null,
  kam: null,
  farmer: 'Filip Farmář',
  accountant: null,
  onboarding: null,
  note: null,
  mdpStatus: 'inactive',
  billingStatus: 'inactive',
  apiTier: 'Basic',
  checklistDone: 3,
  checklistTotal: 12,
  checklist: {
    addresses: [
      { type: 'BILLING_ADDRESS', ok: true },
      { type: 'MAIN_WAREHOUSE', ok: false },
    ],
    contacts: [
      { type: 'MANAGER', ok: true },
      { type: 'LOGISTICS', ok: false },
      { type: 'FINANCE', ok: false },
      { type: 'RMA', ok: false },
    ],
    products: 0,
    productsLive: 0,
    transport: false,
    transportProblem: 'NO_METHOD',
    undeliverableProducts: 0,
    contract: true,
    terms: false,
    provider: true,
    productsForApprovalSent: false,
    productsForApprovalSentWhen: null,
  },
  lifecycleCommands: [],
  master: { email: 'jan@kola-novak.cz', firstName: 'Jan', lastName: 'Novák', isConfirmed: false, isActive: true },
  contract: {
    company: 'Kola Novák s.r.o.',
    firstName: 'Jan',
    lastName: 'Novák',
    email: 'jan@kola-novak.cz',
    phone: '+420 603 123 456',
    companyId: '06123457',
    vatId: '',
    bankAccount: '',
    street: 'Dlouhá 12',
    city: 'Praha',
    state: 'CZ',
    zip: '110 00',
    web: 'https://kola-novak.cz',
  },
  registration: {
    id: '7',
    created: '2026-11-02T08:00:00.000Z',
    confirmedAt: null,
    source: 'portal',
    provider: 'HEUREKA_FEED',
    firstName: 'Jan',
    lastName: 'Novák',
    email: 'jan@kola-novak.cz',
    phone: '+420 603 123 456',
    language: 'cs',
    shopName: 'Kola Novák',
    web: 'https://kola-novak.cz',
    company: 'Kola Novák s.r.o.',
    companyId: '06123457',
    vatId: '',
    street: 'Dlouhá 12',
    city: 'Praha',
    zip: '110 00',
    country: 'CZ',
    annualTurnover: '10M_50M',
    salesCount: '500_2000',
    offeredCount: '1000_10000',
    divisions: ['SPORTS', 'TOYS_KIDS'],
    otherDivisions: 'Kola na zakázku',
    countries: ['CZ', 'SK'],
    productFeed: 'https://kola-novak.cz/feed.xml',
    availabilityFeed: 'javascript:alert(1)',
    hasCarrier: true,
  },
  workflow: {
    status: 'REGISTERED',
    updated: '2026-11-02T08:00:00.000Z',
    path: null,
    ticks: [],
    availableStates: ['ONBOARDING_CANCELLED'],
    history: [],
  },
};

function wrap(children: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>{children}</MantineProvider>
    </QueryClientProvider>,
  );
}

describe("a partner's detail", () => {
  it('shows the registration as it was submitted, and links only http(s) addresses', () => {
    wrap(<RegistrationCard partner={partner} />);
    // Without translations a range shows its own value.
    expect(screen.getByTestId('registration-turnover').textContent).toContain('10M_50M');
    expect(screen.getByTestId('registration-sales').textContent).toContain('500_2000');
    expect(screen.getByTestId('registration-offered').textContent).toContain('1000_10000');
    expect(screen.getByTestId('registration-divisions').textContent).toContain('Kola na zakázku');
    expect(screen.getByTestId('registration-carrier').textContent).toContain('grid.boolean.true');
    expect(screen.getByRole('link', { name: 'https://kola-novak.cz/feed.xml' })).toBeTruthy();
    // A feed address that is not http(s) is shown, never made a link.
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
  });

  it('says when a partner did not register through the form', () => {
    wrap(<RegistrationCard partner={{ ...partner, registration: null }} />);
    expect(screen.getByText('cockpitPartner.registration.none')).toBeTruthy();
  });

  it('offers the move only to whom may move it', () => {
    const { unmount } = wrap(<WorkflowCard partner={partner} canMove={false} />);
    expect(screen.queryByTestId('partner-move')).toBeNull();
    expect(screen.getByTestId('partner-checklist').textContent).toBe('cockpitPartner.workflow.checklist');
    unmount();
    wrap(<WorkflowCard partner={partner} canMove />);
    expect(screen.getByTestId('partner-move')).toBeTruthy();
  });

  it("names what the partner's checklist still lacks, and nothing once it is complete", () => {
    const { unmount } = wrap(<WorkflowCard partner={partner} canMove />);
    expect(screen.getByTestId('partner-checklist-missing').textContent).toBe('cockpitPartner.workflow.missing');
    unmount();
    const done = {
      ...partner.checklist,
      addresses: partner.checklist.addresses.map((a) => ({ ...a, ok: true })),
      contacts: partner.checklist.contacts.map((c) => ({ ...c, ok: true })),
      products: 4,
      transport: true,
      transportProblem: null,
      terms: true,
      productsForApprovalSent: true,
    };
    wrap(<WorkflowCard partner={{ ...partner, checklist: done }} canMove />);
    expect(screen.queryByTestId('partner-checklist-missing')).toBeNull();
  });

  it('refuses a name the domain refuses before anything is sent, and is read-only without the right', () => {
    const { unmount } = wrap(<PartnerPeopleCard partner={partner} canEdit />);
    // A pasted control character (the field's maxLength keeps the length in bounds already).
    fireEvent.change(screen.getByTestId('partner-person-kam'), { target: { value: 'Karel\u0007' } });
    fireEvent.click(screen.getByTestId('partner-people-save'));
    expect(screen.getByText('validation.invalidCharacters')).toBeTruthy();
    unmount();
    wrap(<PartnerPeopleCard partner={partner} canEdit={false} />);
    expect(screen.queryByTestId('partner-people-save')).toBeNull();
    expect((screen.getByTestId('partner-person-farmer') as HTMLInputElement).readOnly).toBe(true);
  });

  it('keeps a note being typed when the detail is read again for another change, and takes a new saved note', () => {
    const client = new QueryClient();
    const view = (p: CockpitPartnerDetail) => (
      <QueryClientProvider client={client}>
        <MantineProvider>
          <PartnerNoteCard partner={p} canEdit />
        </MantineProvider>
      </QueryClientProvider>
    );
    const { rerender } = render(view(partner));
    const note = () => screen.getByTestId('partner-note') as HTMLTextAreaElement;
    fireEvent.change(note(), { target: { value: 'Volá jen dopoledne.' } });
    // The names saved a moment ago come back: a new detail, the same saved note.
    rerender(view({ ...partner, kam: 'Karel Klíčový' }));
    expect(note().value).toBe('Volá jen dopoledne.');
    expect((screen.getByTestId('partner-note-save') as HTMLButtonElement).disabled).toBe(false);
    // Another operator's saved note replaces the field.
    rerender(view({ ...partner, note: 'Platí jen převodem.' }));
    expect(note().value).toBe('Platí jen převodem.');
  });
});
