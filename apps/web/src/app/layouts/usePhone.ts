import { useMediaQuery } from '@mantine/hooks';

/**
 * Below Mantine's `sm` breakpoint (48em) the header keeps only what fits from 360 px up: the navigation
 * becomes a drawer and the language choice moves into the account menu. Read synchronously so the first
 * paint already has the right header.
 */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
}
