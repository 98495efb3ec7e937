import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FeedRunRow } from './operations';

const COLORS: Record<string, string> = { QUEUED: 'gray', RUNNING: 'blue', DONE: 'green', FAILED: 'red' };

/** A run's status; a finished run with refused items says so (its error log lists them). */
export function FeedRunStatusBadge({ run }: { run: Pick<FeedRunRow, 'status' | 'errors' | 'errorMessage'> }) {
  const { t } = useTranslation();
  const withErrors = run.status === 'DONE' && run.errors > 0;
  return (
    <Badge
      color={withErrors ? 'orange' : (COLORS[run.status] ?? 'gray')}
      variant="light"
      title={run.errorMessage ?? undefined}
      data-status={run.status}
    >
      {withErrors ? t('feeds.mall.runStatus.DONE_WITH_ERRORS') : t(`feeds.mall.runStatus.${run.status}`)}
    </Badge>
  );
}
