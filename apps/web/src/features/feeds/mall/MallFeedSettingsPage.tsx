import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { useStreamEvent } from '../../../app/stream/StreamProvider';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { FeedCard } from './FeedCard';
import { MALL_FEED_KEYS, MallFeedSettingsQuery } from './operations';

/** `mall-feed`: the product and the availability feed in the marketplace's own XML format. */
export function MallFeedSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle('mallFeed');
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: MALL_FEED_KEYS.settings,
    queryFn: ({ signal }) => api.request(MallFeedSettingsQuery, {}, { signal }).then((r) => r.mallFeedSettings),
  });
  // A URL's check and a run's progress change what the cards show: read them again as they happen.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: MALL_FEED_KEYS.all });
  useStreamEvent('mall_feed_validate_progress', refresh);
  useStreamEvent('mall_feed_run_progress', (event) => {
    const status = (event.data as { status?: string } | undefined)?.status;
    if (status !== 'PROGRESS') refresh();
  });

  if (settings.isPending) return <Skeleton h={320} />;
  if (settings.isError) return <ErrorAlert error={settings.error} />;
  return (
    <Stack gap="md" data-testid="mall-feed-settings">
      <Text size="sm" c="dimmed" maw={760}>
        {t('feeds.mall.pageIntro')}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <FeedCard key={`p-${settings.data.products.id ?? 'new'}`} feed={settings.data.products} />
        <FeedCard key={`a-${settings.data.availability.id ?? 'new'}`} feed={settings.data.availability} />
      </SimpleGrid>
    </Stack>
  );
}
