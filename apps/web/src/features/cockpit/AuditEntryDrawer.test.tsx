import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditChanges, AuditWho } from './AuditEntryDrawer';

// Without an i18next instance the texts are their keys.

describe("an audit entry's parts", () => {
  it('shows each changed value before and after, and the details beside them', () => {
    render(
      <MantineProvider>
        <AuditChanges
          entry={{
            changes: [
              { field: null, before: 'requested', after: 'active' },
              { field: 'name', before: null, after: 'New' },
            ],
            details: [{ field: 'reason', value: 'typo' }],
          }}
        />
      </MantineProvider>,
    );
    const rows = within(screen.getByTestId('audit-changes')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'cockpitAudit.fieldcockpitAudit.beforecockpitAudit.after',
      'cockpitAudit.valuerequestedactive',
      'name—New',
    ]);
    expect(screen.getByTestId('audit-details').textContent).toBe('reasontypo');
  });

  it('names the operator behind a change made while signed in as the partner', () => {
    render(
      <MantineProvider>
        <AuditWho entry={{ accountEmail: 'partner@demo.test', adminEmail: 'admin@demo.test', apiKeyId: null }} />
      </MantineProvider>,
    );
    expect(screen.getByText('partner@demo.test')).toBeTruthy();
    expect(screen.getByTestId('audit-impersonation').textContent).toBe('cockpitAudit.asOperator');
  });
});
