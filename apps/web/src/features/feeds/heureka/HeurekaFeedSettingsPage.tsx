import { heurekaFeedSettingsSchema, heurekaSchedulesOf } from '@pp/domain';
import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { useStreamEvent } from '../../../app/stream/StreamProvider';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { FeedCard, type FeedCardKind } from '../mall/FeedCard';
import { HeurekaOptionsForm } from './HeurekaOptionsForm';
import {
  HEUREKA_FEED_KEYS,
  HeurekaFeedEnqueueMutation,
  HeurekaFeedResetMutation,
  HeurekaFeedSettingsQuery,
  HeurekaFeedUpdateMutation,
  HeurekaFeedValidateMutation,
} from './operations';

/** The Heureka feeds in the one feed card: their operations and their own check periods. */
const HEUREKA_FEED_CARD: FeedCardKind = {
  format: 'HEUREKA',
  queryKey: HEUREKA_FEED_KEYS.all,
  schedules: heurekaSchedulesOf,
  schema: heurekaFeedSettingsSchema,
  intro: (type) => `feeds.heureka.settings.intro.${type}`,
  save: (type, data) => api.request(HeurekaFeedUpdateMutation, { type, data }).then((r) => r.heurekaFeedUpdate),
  validate: (type) => api.request(HeurekaFeedValidateMutation, { type }),
  enqueue: (type) => api.request(HeurekaFeedEnqueueMutation, { type }),
  reset: (type) => api.request(HeurekaFeedResetMutation, { type }),
};

/** `heureka-feed`: the Heureka product and availability feeds, and the options that complete their items. */
export function HeurekaFeedSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle('heurekaFeed');
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: HEUREKA_FEED_KEYS.settings,
    queryFn: ({ signal }) => api.request(HeurekaFeedSettingsQuery, {}, { signal }).then((r) => r.heurekaFeedSettings),
  });
  // A URL's check and a run's progress change what the cards show: read them again as they happen.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: HEUREKA_FEED_KEYS.all });
  useStreamEvent('heureka_feed_validate_progress', refresh);
  useStreamEvent('heureka_feed_run_progress', (event) => {
    const status = (event.data as { status?: string } | undefined)?.status;
    if (status !== 'PROGRESS') refresh();
  });

  if (settings.isPending) return <Skeleton h={320} />;
  if (settings.isError) return <ErrorAlert error={settings.error} />;
  const { products, availability, options, vatRates } = settings.data;
  return (
    <Stack gap="md" data-testid="heureka-feed-settings">
      <Text size="sm" c="dimmed" maw={760}>
        {t('feeds.heureka.settings.pageIntro')}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <FeedCard key={`p-${products.id ?? 'new'}`} feed={products} kind={HEUREKA_FEED_CARD} />
        <FeedCard key={`a-${availability.id ?? 'new'}`} feed={availability} kind={HEUREKA_FEED_CARD} />
      </SimpleGrid>
      <HeurekaOptionsForm key={JSON.stringify(options)} options={options} vatRates={vatRates} />
    </Stack>
  );
}
