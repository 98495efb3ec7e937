import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { CockpitArea, GridFilter } from '@pp/domain';
import {
  IconAlertTriangle,
  IconBuildingStore,
  IconFileInvoice,
  IconMessage,
  IconRoute,
  IconTags,
  IconTruckDelivery,
  IconUserCheck,
  IconWebhook,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { canOperate } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { graphql } from '../../graphql/graphql';
import { writeGridUrlState } from '../../ui/DataGrid/gridState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageFrame } from '../../ui/PageFrame';
import { BROKEN_WEBHOOKS_FILTERS, FAILED_FEEDS_FILTERS } from './operatorListsOperations';

export const CockpitQueuesQuery = graphql(`
  query CockpitQueues {
    cockpitQueues {
      queue
      area
      count
    }
  }
`);

const QUEUES_KEY = ['cockpitQueues'] as const;

/**
 * Counts no operator event announces (self-billing requests, onboarding moves by partners, webhooks, feed runs)
 * are read again this often; the queues that have operator events refresh at once.
 */
export const QUEUES_REFRESH_MS = 60_000;

/** The URL search of a grid showing these filters (the grids read their filters from the URL). */
function gridSearch(filters: GridFilter[], prefix = ''): Record<string, unknown> {
  return writeGridUrlState({}, { filters, sort: null, page: 1, search: '' }, { prefix });
}

interface QueueLink {
  to: string;
  search?: Record<string, unknown>;
}

/** Where each queue's items are worked: its grid, filtered to what waits. */
const QUEUE_LINKS: Readonly<Record<string, QueueLink | undefined>> = {
  registrations: {
    to: '/cockpit/onboarding',
    search: gridSearch([
      { field: 'workflowStatus', operator: 'IN', values: ['VENDOR_CHECK_STANDARD', 'VENDOR_CHECK_VIP'] },
    ]),
  },
  onboardingMoves: {
    to: '/cockpit/onboarding',
    search: gridSearch([{ field: 'workflowStatus', operator: 'IN', values: ['DRAFT_CONTRACT', 'CONTENT_CONTROL'] }]),
  },
  brandRequests: { to: '/cockpit/brand-requests', search: { status: 'PENDING' } },
  mallDeliveryRequests: {
    to: '/cockpit/mall-delivery',
    search: gridSearch([{ field: 'status', operator: 'IN', values: ['pending'] }]),
  },
  // The self-billing list shows the requested ones unless filtered otherwise.
  selfBillingRequests: { to: '/cockpit/billing' },
  unansweredMessages: {
    to: '/cockpit/messages',
    search: gridSearch([
      { field: 'waiting', operator: 'EQUAL', value: 'true' },
      { field: 'state', operator: 'IN', values: ['opened'] },
    ]),
  },
  // The counts' own conditions: hooks whose status is BROKEN, switched-on feeds whose last run FAILED.
  brokenWebhooks: { to: '/cockpit/webhooks', search: gridSearch(BROKEN_WEBHOOKS_FILTERS) },
  failedFeeds: { to: '/cockpit/feeds', search: gridSearch(FAILED_FEEDS_FILTERS) },
};

const QUEUE_ICONS: Readonly<Record<string, ReactNode>> = {
  registrations: <IconUserCheck size={20} />,
  onboardingMoves: <IconRoute size={20} />,
  brandRequests: <IconTags size={20} />,
  mallDeliveryRequests: <IconTruckDelivery size={20} />,
  selfBillingRequests: <IconFileInvoice size={20} />,
  unansweredMessages: <IconMessage size={20} />,
  brokenWebhooks: <IconWebhook size={20} />,
  failedFeeds: <IconAlertTriangle size={20} />,
};

/**
 * The queues this operator works: those whose area their roles may change. An operator who may change
 * nothing (support) watches them all.
 */
export function visibleQueues<Q extends { area: string }>(
  queues: readonly Q[],
  mayAct: (area: CockpitArea) => boolean,
): Q[] {
  const own = queues.filter((q) => mayAct(q.area as CockpitArea));
  return own.length ? own : [...queues];
}

/** Operators: what needs a person today, each queue a count that opens its list. */
export function OperatorHomePage() {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: QUEUES_KEY,
    queryFn: ({ signal }) => api.request(CockpitQueuesQuery, {}, { signal }).then((r) => r.cockpitQueues),
    refetchInterval: QUEUES_REFRESH_MS,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: QUEUES_KEY });
  // The operator events that change a queue (each already reaches every operator).
  useStreamEvent('brand_request_created', refresh);
  useStreamEvent('brand_request_decided', refresh);
  useStreamEvent('mall_delivery_changed', refresh);
  useStreamEvent('message_sent', refresh);

  const queues = visibleQueues(query.data ?? [], (area) => canOperate(session, area, 'update'));
  return (
    <PageFrame route="cockpitHome" description={t('cockpitQueues.subtitle')}>
      {query.error && <ErrorAlert error={query.error} />}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="cockpit-queues">
        {queues.map((q) => {
          const link = QUEUE_LINKS[q.queue];
          const title = t(`cockpitQueues.queues.${q.queue}`);
          return (
            <Card key={q.queue} withBorder padding="md" data-testid={`queue-${q.queue}`}>
              <Stack gap="xs">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" color={q.count > 0 ? 'orange' : 'gray'} size="lg" aria-hidden>
                    {QUEUE_ICONS[q.queue] ?? <IconBuildingStore size={20} />}
                  </ThemeIcon>
                  <Text fw={600} size="sm">
                    {title}
                  </Text>
                </Group>
                <Text
                  fz={32}
                  fw={700}
                  lh={1}
                  data-testid="queue-count"
                  aria-label={t('cockpitQueues.countOf', { title, count: q.count })}
                >
                  {format.number(q.count)}
                </Text>
                {link && (
                  <Anchor component={Link} to={link.to} search={link.search as never} size="sm">
                    {t('cockpitQueues.open', { title })}
                  </Anchor>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </PageFrame>
  );
}
