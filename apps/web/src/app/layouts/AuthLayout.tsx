import { Box, Paper } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';

/** Sign-in and registration screens: one focused card inside the public layout. */
export function AuthLayout() {
  return (
    <Box maw={460} mx="auto" mt={{ base: 0, sm: 'xl' }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 36 }}>
        <Outlet />
      </Paper>
    </Box>
  );
}
