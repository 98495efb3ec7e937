import { FEED_STATS_DAYS } from '@pp/domain';
import { Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { useFormat } from '../../../app/i18n/format';
import { useStreamEvent } from '../../../app/stream/StreamProvider';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { FeedRunsGrid } from '../runs/FeedRunsGrid';
import { MALL_FEED_KEYS, MallFeedRunsQuery, MallFeedStatsQuery } from './operations';

const FeedStatsChart = lazy(() => import('./FeedStatsChart'));

/** `mall-feed/stats`: the feeds' runs by day over 7, 14 or 30 days, and every run, newest first. */
export function MallFeedStatsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle('mallFeedStats');
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number>(FEED_STATS_DAYS[0]);
  const stats = useQuery({
    queryKey: MALL_FEED_KEYS.stats(days),
    queryFn: ({ signal }) => api.request(MallFeedStatsQuery, { days }, { signal }).then((r) => r.mallFeedStats),
  });
  // A run that starts or ends shows in the grid and the chart at once (progress alone changes neither much).
  useStreamEvent('mall_feed_run_progress', (event) => {
    const status = (event.data as { status?: string } | undefined)?.status;
    if (status !== 'PROGRESS') void queryClient.invalidateQueries({ queryKey: MALL_FEED_KEYS.all });
  });

  const total = (stats.data ?? []).reduce(
    (sum, d) => ({ runs: sum.runs + d.runs, processed: sum.processed + d.processed, errors: sum.errors + d.errors }),
    { runs: 0, processed: 0, errors: 0 },
  );
  return (
    <Stack gap="md" data-testid="mall-feed-stats">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h4">
              {t('feeds.mall.statsTitle')}
            </Title>
            <SegmentedControl
              value={String(days)}
              onChange={(value) => setDays(Number(value))}
              data={FEED_STATS_DAYS.map((d) => ({ value: String(d), label: t('feeds.mall.lastDays', { count: d }) }))}
              aria-label={t('feeds.mall.statsWindow')}
              data-testid="feed-stats-days"
            />
          </Group>
          {stats.isError && <ErrorAlert error={stats.error} />}
          {stats.data && (
            <Text size="sm" c="dimmed" data-testid="feed-stats-summary">
              {t('feeds.mall.statsSummary', {
                runs: format.number(total.runs),
                processed: format.number(total.processed),
                errors: format.number(total.errors),
              })}
            </Text>
          )}
          {stats.isPending ? (
            <Skeleton h={220} />
          ) : (
            stats.data && (
              <Suspense fallback={<Skeleton h={220} />}>
                <FeedStatsChart
                  data={stats.data.map((d) => ({ ...d, day: format.date(d.day) }))}
                  labels={{
                    processed: t('feeds.mall.columns.processed'),
                    updated: t('feeds.mall.columns.updated'),
                    errors: t('feeds.mall.columns.errors'),
                  }}
                  format={format.number}
                />
              </Suspense>
            )
          )}
        </Stack>
      </Card>
      <Title order={2} size="h4">
        {t('feeds.mall.runsTitle')}
      </Title>
      <FeedRunsGrid
        id="mall-feed-runs"
        format="MALL"
        queryKey={MALL_FEED_KEYS.runs}
        fetch={(grid, signal) => api.request(MallFeedRunsQuery, { grid }, { signal }).then((r) => r.mallFeedRuns)}
      />
    </Stack>
  );
}
