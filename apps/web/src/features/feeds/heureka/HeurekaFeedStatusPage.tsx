import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage } from '../../../app/api/apiError';
import { downloadStoredFile } from '../../../app/api/files';
import { useFormat } from '../../../app/i18n/format';
import { useSession } from '../../../app/session/session';
import { useStreamEvent } from '../../../app/stream/StreamProvider';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { FeedRunStatusBadge } from '../mall/FeedRunStatus';
import { FeedRunsGrid } from '../runs/FeedRunsGrid';
import { HEUREKA_FEED_KEYS, HeurekaFeedRunsQuery, HeurekaFeedStatusQuery, heurekaLogPath } from './operations';

function Figure({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="xl">
        {value}
      </Text>
      {children}
    </Stack>
  );
}

/** `heureka-feed/status`: the feed summary of the latest product run, the categories' pairing, and every run. */
export function HeurekaFeedStatusPage() {
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle('heurekaFeedStatus');
  const session = useSession();
  const partnerId = session.selectedPartner?.id ?? '';
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: HEUREKA_FEED_KEYS.status,
    queryFn: ({ signal }) => api.request(HeurekaFeedStatusQuery, {}, { signal }),
  });
  useStreamEvent('heureka_feed_run_progress', (event) => {
    const state = (event.data as { status?: string } | undefined)?.status;
    if (state !== 'PROGRESS') void queryClient.invalidateQueries({ queryKey: HEUREKA_FEED_KEYS.all });
  });
  const download = useMutation({
    mutationFn: (kind: 'product-log' | 'availability-log') =>
      downloadStoredFile(heurekaLogPath(partnerId, kind), `heureka-${kind}.csv`),
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  const run = status.data?.heurekaFeedStatus.run ?? null;
  const summary = status.data?.heurekaFeedStatus.summary ?? null;
  const categories = status.data?.heurekaCategorySummary;
  const pairingLink = (text: string) => (
    <Anchor component={Link} to="/heureka-feed/categories-pairing" size="sm">
      {text}
    </Anchor>
  );
  return (
    <Stack gap="md" data-testid="heureka-feed-status">
      {status.isError && <ErrorAlert error={status.error} />}
      {status.isPending ? (
        <Skeleton h={220} />
      ) : (
        status.data && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Card withBorder padding="lg">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {t('feeds.heureka.status.summaryTitle')}
                </Title>
                {run && summary ? (
                  <>
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm">
                        {t('feeds.heureka.status.latestRun', {
                          at: format.dateTime(run.startedAt ?? run.created),
                          items: format.number(summary.items),
                        })}
                      </Text>
                      <FeedRunStatusBadge run={run} />
                      {run.errors > 0 && (
                        <Anchor
                          size="sm"
                          renderRoot={(props) => (
                            <Link
                              {...props}
                              to="/heureka-feed/status/feed/$feedId/job/$jobId/error-log"
                              params={{ feedId: run.feedId, jobId: run.id }}
                            />
                          )}
                        >
                          {t('feeds.heureka.status.refused', { count: run.errors })}
                        </Anchor>
                      )}
                    </Group>
                    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                      <Figure
                        label={t('feeds.heureka.status.invalidTitles')}
                        value={format.number(summary.invalidTitles)}
                        testId="heureka-status-invalid-titles"
                      />
                      <Figure
                        label={t('feeds.heureka.status.missingDescriptions')}
                        value={format.number(summary.missingDescriptions)}
                        testId="heureka-status-missing-descriptions"
                      >
                        {summary.missingDescriptions > 0 && (
                          <Anchor component={Link} to="/heureka-feed" size="sm">
                            {t('feeds.heureka.status.autoDescriptionLink')}
                          </Anchor>
                        )}
                      </Figure>
                      <Figure
                        label={t('feeds.heureka.status.missingPictures')}
                        value={format.number(summary.missingPictures)}
                        testId="heureka-status-missing-pictures"
                      />
                    </SimpleGrid>
                  </>
                ) : (
                  <Text size="sm" c="dimmed" data-testid="heureka-status-no-run">
                    {t('feeds.heureka.status.noRun')}
                  </Text>
                )}
              </Stack>
            </Card>
            <Card withBorder padding="lg">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {t('feeds.heureka.status.categoriesTitle')}
                </Title>
                {categories && (
                  <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                    <Figure
                      label={t('feeds.heureka.status.categoriesTotal')}
                      value={format.number(categories.total)}
                      testId="heureka-status-categories"
                    />
                    <Figure
                      label={t('feeds.heureka.status.pairedAutomatically')}
                      value={format.number(categories.pairedAutomatically)}
                      testId="heureka-status-paired-automatically"
                    />
                    <Figure
                      label={t('feeds.heureka.status.unpaired')}
                      value={format.number(categories.unpaired)}
                      testId="heureka-status-unpaired"
                    >
                      {categories.unpaired > 0 &&
                        pairingLink(t('feeds.heureka.status.unpairedItems', { count: categories.unpairedItems }))}
                    </Figure>
                  </SimpleGrid>
                )}
                <Group gap="xs" wrap="wrap">
                  <Button
                    variant="default"
                    leftSection={<IconDownload size={16} aria-hidden />}
                    loading={download.isPending && download.variables === 'product-log'}
                    onClick={() => download.mutate('product-log')}
                    data-testid="heureka-product-log"
                  >
                    {t('feeds.heureka.status.productLog')}
                  </Button>
                  <Button
                    variant="default"
                    leftSection={<IconDownload size={16} aria-hidden />}
                    loading={download.isPending && download.variables === 'availability-log'}
                    onClick={() => download.mutate('availability-log')}
                    data-testid="heureka-availability-log"
                  >
                    {t('feeds.heureka.status.availabilityLog')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          </SimpleGrid>
        )
      )}
      <Title order={2} size="h4">
        {t('feeds.mall.runsTitle')}
      </Title>
      <FeedRunsGrid
        id="heureka-feed-runs"
        format="HEUREKA"
        queryKey={HEUREKA_FEED_KEYS.runs}
        fetch={(grid, signal) => api.request(HeurekaFeedRunsQuery, { grid }, { signal }).then((r) => r.heurekaFeedRuns)}
      />
    </Stack>
  );
}
