import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Checklist } from '../onboarding/operations';
import { cockpitChecklistKey, MoveDialog, missingChecklistItems } from './MoveDialog';

// Without an i18next instance the texts are their keys; the queries' answers are put in the cache beforehand.

if (!(document as { fonts?: unknown }).fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

const incomplete: Checklist = {
  addresses: [
    { type: 'BILLING_ADDRESS', ok: true },
    { type: 'MAIN_WAREHOUSE', ok: false },
  ],
  contacts: [
    { type: 'MANAGER', ok: true },
    { type: 'LOGISTICS', ok: true },
    { type: 'FINANCE', ok: true },
    { type: 'RMA', ok: false },
  ],
  products: 0,
  productsLive: 0,
  transport: false,
  transportProblem: 'NO_METHOD',
  undeliverableProducts: 0,
  contract: true,
  terms: true,
  provider: true,
  productsForApprovalSent: false,
  productsForApprovalSentWhen: null,
};

const complete: Checklist = {
  ...incomplete,
  addresses: incomplete.addresses.map((a) => ({ ...a, ok: true })),
  contacts: incomplete.contacts.map((c) => ({ ...c, ok: true })),
  products: 3,
  productsLive: 3,
  transport: true,
  transportProblem: null,
  productsForApprovalSent: true,
  productsForApprovalSentWhen: '2026-11-20T09:00:00.000Z',
};

const workflow = {
  status: 'CONTENT_CONTROL',
  updated: '2026-11-20T09:00:00.000Z',
  ticks: [],
  analysis: null,
  estimatedLaunch: null,
  path: 'STANDARD',
  availableStates: ['PRODUCTION', 'TESTING', 'ONBOARDING_CANCELLED'],
  step: 'launch',
  history: [],
};

function openDialog(checklist: Checklist) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(['cockpitWorkflow', '42'], workflow);
  client.setQueryData(cockpitChecklistKey('42'), checklist);
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MoveDialog partner={{ id: '42', partnerName: 'Kola Novák s.r.o.' }} onClose={() => {}} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByTestId('move-target-PRODUCTION'));
  fireEvent.click(screen.getByTestId('move-tick-contentApproved'));
}

const submit = () => screen.getByTestId('move-submit') as HTMLButtonElement;

describe('moving a shop live', () => {
  it("names each item the shop's checklist lacks, in the checklist's words", () => {
    const t = ((key: string) => key) as unknown as TFunction;
    expect(missingChecklistItems(incomplete, t)).toEqual([
      'workflow.checklist.address.MAIN_WAREHOUSE',
      'workflow.checklist.contact.RMA',
      'workflow.checklist.transport: workflow.checklist.transportProblem.NO_METHOD',
      'workflow.checklist.products: 0',
      'workflow.checklist.productsForApproval',
    ]);
    expect(missingChecklistItems(complete, t)).toEqual([]);
  });

  it('with an incomplete checklist lists what is missing and moves only once the operator confirms', () => {
    openDialog(incomplete);
    const warning = screen.getByTestId('move-incomplete');
    expect(within(warning).getAllByRole('listitem')).toHaveLength(5);
    expect(within(warning).getByText('workflow.checklist.contact.RMA')).toBeTruthy();
    // The content check is ticked, yet the shop does not go live unseen.
    expect(submit().disabled).toBe(true);
    fireEvent.click(screen.getByTestId('move-live-anyway'));
    expect(submit().disabled).toBe(false);
  });

  it('with a complete checklist asks nothing more than the content check', () => {
    openDialog(complete);
    expect(screen.queryByTestId('move-incomplete')).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('asks nothing of a move that keeps the shop in onboarding', () => {
    openDialog(incomplete);
    fireEvent.click(screen.getByTestId('move-target-TESTING'));
    expect(screen.queryByTestId('move-incomplete')).toBeNull();
    expect(submit().disabled).toBe(false);
  });
});
