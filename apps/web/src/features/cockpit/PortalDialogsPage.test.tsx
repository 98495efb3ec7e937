import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PortalDialogForm } from './PortalDialogsPage';

// Without an i18next instance the texts are their keys, which is what this test looks for.

describe('the portal dialog form', () => {
  it('names the market and the English title as missing and sends nothing', () => {
    let saved = false;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <PortalDialogForm
            dialog={null}
            onClose={() => {}}
            onSaved={() => {
              saved = true;
            }}
          />
        </MantineProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'portalDialog.cockpit.save' }));
    expect(screen.getAllByText('validation.required').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByLabelText(/portalDialog\.cockpit\.fields\.title/).getAttribute('aria-invalid')).toBe('true');
    expect(saved).toBe(false);
  });

  it('refuses an end before the start on its field', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <PortalDialogForm dialog={null} onClose={() => {}} onSaved={() => {}} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText(/portalDialog\.cockpit\.fields\.validFrom/), {
      target: { value: '2030-05-02T10:00' },
    });
    fireEvent.change(screen.getByLabelText(/portalDialog\.cockpit\.fields\.validTo/), {
      target: { value: '2030-05-01T10:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'portalDialog.cockpit.save' }));
    expect(screen.getByText('validation.dateAfterStart')).toBeTruthy();
  });
});
