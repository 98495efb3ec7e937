import { useRouterState } from '@tanstack/react-router';

/**
 * `aria-busy` for a layout's main landmark while the router loads the next page (its code, its checks): the
 * old page stays on screen meanwhile, and assistive technology should wait for the new one rather than
 * announce the old one's content again. Undefined (no attribute) when idle.
 */
export function useNavigationBusy(): true | undefined {
  return useRouterState({ select: (state) => state.status === 'pending' }) || undefined;
}
