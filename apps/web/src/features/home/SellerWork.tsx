import {
  type Currency,
  DAYS_TO_DELIVERY_BUCKETS,
  deliveryDateFilter,
  type GridFilter,
  overdueFilter,
  shipTodayFilter,
  workFilters,
} from '@pp/domain';
import {
  Anchor,
  Card,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconClockExclamation,
  IconGauge,
  IconPackageExport,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { writeGridUrlState } from '../../ui/DataGrid/gridState';
import { SlaStatusBadge } from '../sla/SlaStatusBadge';
import { percentFormatter, SLA_TAB_OF, SLA_TYPE_ORDER, shownShare } from '../sla/slaFormat';
import { type DashboardOrders, DashboardOrdersQuery, DashboardSlaQuery } from './operations';

const SalesChart = lazy(() => import('./SalesChart'));

type OrdersPath = '/orders' | '/orders/open-status' | '/orders/missing-statuses';

/** A link into the orders grid with its filters in the address, as the grid reads them (ui/DataGrid/gridState). */
function OrdersLink({
  path,
  filters = [],
  children,
  label,
}: {
  path: OrdersPath;
  filters?: GridFilter[];
  children: ReactNode;
  label?: string;
}) {
  const search = writeGridUrlState({}, { filters, sort: null, page: 1, search: '' });
  return (
    <Anchor component={Link} to={path} search={search as never} underline="never" aria-label={label} c="inherit">
      {children}
    </Anchor>
  );
}

function WorkCard({
  testId,
  icon,
  label,
  hint,
  value,
  tone,
}: {
  testId: string;
  icon: ReactNode;
  label: string;
  hint: string;
  value: string;
  tone: 'teal' | 'red' | 'yellow' | 'blue';
}) {
  return (
    <Paper withBorder radius="md" p="md" className="pp-hover" data-testid={testId} h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2} data-testid={`${testId}-value`}>
            {value}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>
        <ThemeIcon variant="light" color={tone} size={40} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

function WorkCards({ data }: { data: DashboardOrders }) {
  const { t } = useTranslation();
  const format = useFormat();
  const work = workFilters();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="seller-work">
      <OrdersLink path="/orders" filters={[...work, shipTodayFilter(data.today)]}>
        <WorkCard
          testId="to-ship-today"
          icon={<IconPackageExport size={22} />}
          label={t('home.work.toShipToday')}
          hint={t('home.work.toShipTodayHint')}
          value={format.number(data.toShipToday)}
          tone="blue"
        />
      </OrdersLink>
      <OrdersLink path="/orders" filters={[...work, overdueFilter(data.today)]}>
        <WorkCard
          testId="overdue"
          icon={<IconAlertTriangle size={22} />}
          label={t('home.work.overdue')}
          hint={t('home.work.overdueHint')}
          value={format.number(data.overdue)}
          tone={data.overdue > 0 ? 'red' : 'teal'}
        />
      </OrdersLink>
      <OrdersLink path="/orders/missing-statuses">
        <WorkCard
          testId="missing-statuses"
          icon={<IconClockExclamation size={22} />}
          label={t('home.work.missing')}
          hint={t('home.work.missingHint')}
          value={`${format.number(data.missingStatuses)}${data.missingStatusesExact ? '' : '+'}`}
          tone={data.missingStatuses > 0 ? 'yellow' : 'teal'}
        />
      </OrdersLink>
      <OrdersLink path="/orders" filters={work}>
        <WorkCard
          testId="to-ship"
          icon={<IconTruckDelivery size={22} />}
          label={t('home.work.toShip')}
          hint={t('home.work.toShipHint')}
          value={format.number(data.toShip)}
          tone="teal"
        />
      </OrdersLink>
    </SimpleGrid>
  );
}

/** Open orders by days until their expected delivery; each row opens exactly those orders. */
function DaysToDelivery({ data }: { data: DashboardOrders }) {
  const { t } = useTranslation();
  const format = useFormat();
  const max = Math.max(1, ...data.daysToDelivery.map((b) => b.count));
  const work = workFilters();
  return (
    <Card withBorder radius="md" p="lg" data-testid="days-to-delivery">
      <Title order={2} fz="lg">
        {t('home.daysToDelivery.title')}
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        {t('home.daysToDelivery.hint')}
      </Text>
      <Stack gap={6}>
        {DAYS_TO_DELIVERY_BUCKETS.map(({ key }) => {
          const count = data.daysToDelivery.find((b) => b.bucket === key)?.count ?? 0;
          const label = t(`home.daysToDelivery.buckets.${key}`);
          return (
            <OrdersLink key={key} path="/orders" filters={[...work, deliveryDateFilter(key, data.today)]}>
              <Group gap="sm" wrap="nowrap" className="pp-hover" px={6} py={2} style={{ borderRadius: 6 }}>
                <Text size="sm" w={110} style={{ flexShrink: 0 }}>
                  {label}
                </Text>
                <Progress
                  value={(count / max) * 100}
                  color={key === 'late' ? 'red' : key === 'today' ? 'orange' : 'teal'}
                  style={{ flex: 1 }}
                  aria-hidden
                />
                <Text size="sm" fw={600} w={48} ta="right">
                  {format.number(count)}
                </Text>
              </Group>
            </OrdersLink>
          );
        })}
      </Stack>
    </Card>
  );
}

function Sales({ data }: { data: DashboardOrders }) {
  const { t } = useTranslation();
  const format = useFormat();
  const currency = data.sales.currency as Currency;
  const dayFormat = new Intl.DateTimeFormat(format.locale, { day: 'numeric', month: 'numeric', timeZone: 'UTC' });
  const chart = data.sales.days.map((d) => ({
    day: dayFormat.format(new Date(`${d.day}T12:00:00Z`)),
    total: d.total,
    count: d.count,
  }));
  const since = {
    field: 'createdAt',
    operator: 'GREATER_THAN_OR_EQUAL' as const,
    value: `${data.sales.from}T00:00:00`,
  };
  return (
    <Card withBorder radius="md" p="lg" data-testid="sales">
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
        <Stack gap={0}>
          <Title order={2} fz="lg">
            {t('home.sales.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('home.sales.hint')}
          </Text>
        </Stack>
        <OrdersLink path="/orders" filters={[since]}>
          <Group gap={4}>
            <Text size="sm" c="teal.8" fw={600}>
              {t('home.sales.open')}
            </Text>
            <IconArrowRight size={14} />
          </Group>
        </OrdersLink>
      </Group>
      <Group gap="xl" mb="md">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('home.sales.total')}
          </Text>
          <Text fz={22} fw={700} data-testid="sales-total">
            {format.money(data.sales.total, currency)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('home.sales.orders')}
          </Text>
          <Text fz={22} fw={700} data-testid="sales-count">
            {format.number(data.sales.count)}
          </Text>
        </Stack>
      </Group>
      <Suspense fallback={<Skeleton h={180} />}>
        <SalesChart data={chart} label={t('home.sales.total')} format={(v) => format.money(v, currency)} />
      </Suspense>
    </Card>
  );
}

export function SellerWork() {
  const { t } = useTranslation();
  const session = useSession();
  const orders = useQuery({
    queryKey: ['dashboardOrders', session.selectedPartner?.id],
    queryFn: ({ signal }) => api.request(DashboardOrdersQuery, {}, { signal }).then((r) => r.dashboardOrders),
  });
  if (orders.isError) return <ErrorAlert error={orders.error} />;
  if (!orders.data) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={112} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="md" component="section" aria-label={t('home.work.title')}>
      <WorkCards data={orders.data} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <DaysToDelivery data={orders.data} />
        <Sales data={orders.data} />
      </SimpleGrid>
    </Stack>
  );
}

/** The standing of each SLA indicator, judged on the last completed month; each opens its tab. */
export function SlaOverview() {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  const percent = percentFormatter(format.locale);
  const sla = useQuery({
    queryKey: ['dashboardSla', session.selectedPartner?.id],
    queryFn: ({ signal }) => api.request(DashboardSlaQuery, {}, { signal }).then((r) => r.slaStatistics),
  });
  if (sla.isError) return <ErrorAlert error={sla.error} />;
  const month = sla.data
    ? new Intl.DateTimeFormat(format.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${sla.data.judgedMonth}-01T12:00:00Z`),
      )
    : '';
  return (
    <Card withBorder radius="md" p="lg" data-testid="home-sla">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Group gap="xs">
          <IconGauge size={18} />
          <Title order={2} fz="lg">
            {t('home.sla.title')}
          </Title>
        </Group>
        {sla.data && (
          <Text size="xs" c="dimmed">
            {t('home.sla.judged', { month })}
          </Text>
        )}
      </Group>
      {!sla.data ? (
        <Skeleton h={60} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {SLA_TYPE_ORDER.map((type) => {
            const indicator = sla.data.indicators.find((i) => i.slaType === type);
            if (!indicator) return null;
            const tab = SLA_TAB_OF[type];
            return (
              <Anchor key={type} component={Link} to={tab.path} underline="never" c="inherit">
                <Group
                  justify="space-between"
                  wrap="nowrap"
                  p="xs"
                  className="pp-hover"
                  style={{
                    borderRadius: 'var(--mantine-radius-md)',
                    border: '1px solid var(--mantine-color-default-border)',
                  }}
                  data-testid="home-sla-indicator"
                >
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {t(`sla.indicators.${tab.key}.title`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {/* Tracking says its share with tracking, as its target does; "—" when nothing was judged. */}
                      {(() => {
                        const share = shownShare(type, indicator.judged);
                        if (share === null) return '—';
                        return type === 'TRACKING'
                          ? t('sla.indicators.tracking.withTracking', { share: percent(share) })
                          : percent(share);
                      })()}
                    </Text>
                  </Stack>
                  <SlaStatusBadge status={indicator.status} size="sm" />
                </Group>
              </Anchor>
            );
          })}
        </SimpleGrid>
      )}
    </Card>
  );
}
