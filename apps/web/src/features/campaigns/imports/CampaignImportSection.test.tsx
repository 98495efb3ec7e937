import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { fileProblem, UploadForm } from './CampaignImportSection';

// Without an i18next instance the texts are their keys, which is what these tests look for.
const t = ((key: string) => key) as unknown as TFunction;
const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'text/csv' });

describe('choosing a campaign file', () => {
  it('refuses another extension and a file over 8 MB before sending, with the server’s messages', () => {
    expect(fileProblem(file('join.csv'), t)).toBeNull();
    expect(fileProblem(file('join.TXT'), t)).toBeNull();
    expect(fileProblem(file('join.xlsx'), t)).toBe('errors.UnsupportedExtension');
    expect(fileProblem(file('join.csv', 8 * 1024 * 1024), t)).toBeNull();
    expect(fileProblem(file('join.csv', 8 * 1024 * 1024 + 1), t)).toBe('errors.CAMPAIGN_IMPORT_TOO_LARGE');
  });

  it('shows the format help and keeps the upload off until an accepted file is chosen', () => {
    const { container } = render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <UploadForm campaignId="7" onUploaded={() => undefined} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.getByText('campaignImport.formatHelp')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'campaignImport.upload' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file('join.xlsx')] } });
    expect(screen.getByText('errors.UnsupportedExtension')).toBeTruthy();
    expect(button.disabled).toBe(true);
    fireEvent.change(input, { target: { files: [file('join.csv')] } });
    expect(screen.queryByText('errors.UnsupportedExtension')).toBeNull();
    expect(button.disabled).toBe(false);
  });
});
