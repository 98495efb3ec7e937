import type { QueryClient } from '@tanstack/react-query';

/**
 * After a change in steps 1 and 3 the step's lists, the workflow's checklist and the session (name,
 * provider, billing status) may all have moved: every query of those families is refetched.
 */
export function refreshOnboarding(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const head = query.queryKey[0];
      return head === 'onboarding' || head === 'workflow' || head === 'checklist' || head === 'session';
    },
  });
}
