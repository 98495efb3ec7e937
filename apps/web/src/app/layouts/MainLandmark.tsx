import { AppShell } from '@mantine/core';
import type { ReactNode } from 'react';
import { MAIN_ID } from './SkipLink';
import { useNavigationBusy } from './useNavigationBusy';

/** The signed-in shells' main landmark (portal and cockpit): the skip link's target, busy while a page loads. */
export function ShellMain({ children }: { children: ReactNode }) {
  const busy = useNavigationBusy();
  return (
    <AppShell.Main
      id={MAIN_ID}
      aria-busy={busy}
      tabIndex={-1}
      bg="var(--mantine-color-gray-0)"
      miw={0}
      className="pp-main"
    >
      {children}
    </AppShell.Main>
  );
}
