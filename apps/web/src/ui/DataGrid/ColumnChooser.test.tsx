import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ColumnChooser } from './ColumnChooser';

const ALL = ['id', 'name', 'brand', 'category', 'changed'].map((field) => ({ field, header: field }));

/** The picker as a grid holds it: the grid keeps the visible columns and renders again on each change. */
function Grid() {
  const [visible, setVisible] = useState(['id', 'name']);
  return (
    <MantineProvider>
      <output data-testid="columns">{visible.join(',')}</output>
      <ColumnChooser all={ALL} visible={visible} onChange={setVisible} onReset={() => setVisible(['id', 'name'])} />
    </MantineProvider>
  );
}

const picker = () => screen.queryByTestId('grid-columns-picker');

describe('the column picker', () => {
  it('stays open while a person ticks several columns, and closes on Escape', async () => {
    render(<Grid />);
    fireEvent.click(screen.getByTestId('grid-columns'));
    await waitFor(() => expect(picker()).not.toBeNull());
    for (const field of ['brand', 'changed', 'category']) {
      act(() => {
        fireEvent.click(screen.getByRole('checkbox', { name: field }));
      });
      expect(picker()).not.toBeNull();
      expect((screen.getByRole('checkbox', { name: field }) as HTMLInputElement).checked).toBe(true);
    }
    expect(screen.getByTestId('columns').textContent).toBe('id,name,brand,category,changed');
    // Unticking keeps it open too.
    act(() => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'brand' }));
    });
    expect(picker()).not.toBeNull();
    expect(screen.getByTestId('columns').textContent).toBe('id,name,category,changed');

    fireEvent.keyDown(picker()!, { key: 'Escape' });
    await waitFor(() => expect(picker()).toBeNull());
    // Its button opens it again.
    fireEvent.click(screen.getByTestId('grid-columns'));
    await waitFor(() => expect(picker()).not.toBeNull());
  });

  it('closes on Escape with the focus still on its button, so the next click opens it again', async () => {
    render(<Grid />);
    const button = screen.getByTestId('grid-columns');
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(picker()).not.toBeNull());
    fireEvent.keyDown(button, { key: 'Escape' });
    await waitFor(() => expect(picker()).toBeNull());
    fireEvent.click(button);
    await waitFor(() => expect(picker()).not.toBeNull());
    act(() => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'brand' }));
    });
    expect(picker()).not.toBeNull();
  });
});
