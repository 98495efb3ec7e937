import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductJobEvent } from './operations';

/** A job's progress as the stream reports it: a bar while it runs, a line when it is done or has failed. */
export function JobProgress({ event, testId }: { event: ProductJobEvent; testId: string }) {
  const { t } = useTranslation();
  const done = event.done ?? 0;
  const total = event.total ?? 0;
  if (event.status === 'ERROR') {
    return (
      <Alert color="red" variant="light" role="alert" data-testid={`${testId}-error`}>
        {t(`errors.${event.code ?? 'UNKNOWN'}`, { defaultValue: t('errors.UNKNOWN') })}
      </Alert>
    );
  }
  if (event.status === 'END') {
    // Products skipped (not for resale, not ready to list) or held for a price confirmation were not changed.
    const changed = Math.max(0, done - (event.failed ?? 0) - (event.held ?? 0));
    return (
      <Alert color="green" variant="light" role="status" data-testid={`${testId}-done`}>
        {t('products.grid.jobDone', { done: changed, total })}
      </Alert>
    );
  }
  return (
    <Stack gap={4} data-testid={`${testId}-running`}>
      <Text size="sm" role="status">
        {total ? t('products.grid.jobProgress', { done, total }) : t('products.grid.jobStarting')}
      </Text>
      <Progress
        value={total ? (100 * done) / total : 100}
        animated
        striped={!total}
        aria-label={t('products.grid.jobProgressLabel')}
      />
    </Stack>
  );
}
