import { Box, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** The narrow card of the short registration pages (the same shape as the sign-in card). */
export function RegistrationCard({ children }: { children: ReactNode }) {
  return (
    <Box maw={460} mx="auto" mt={{ base: 0, sm: 'xl' }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 36 }}>
        {children}
      </Paper>
    </Box>
  );
}
