import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Anchor,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { usePhone } from '../../app/layouts/usePhone';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { useDocumentTitle } from '../../ui/PageFrame';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { type SlaIndicatorView, type SlaStatistics, SlaStatisticsQuery, type SlaTypeName } from './operations';
import { SlaStatusBadge } from './SlaStatusBadge';
import { slaBreachSearch } from './slaBreach';
import {
  figureLabels,
  monthFormatter,
  niceCeiling,
  percentFormatter,
  SLA_STATUS_COLOR,
  SLA_TAB_OF,
  SLA_TYPE_ORDER,
  shownShare,
  targetShown,
} from './slaFormat';
import { SlaExport } from './SlaExport';

const MONTH_CHOICES = ['3', '6', '12'] as const;

function useSla(numberOfMonths: number) {
  const session = useSession();
  return useQuery({
    queryKey: ['slaStatistics', session.selectedPartner?.id, numberOfMonths],
    queryFn: ({ signal }) =>
      api.request(SlaStatisticsQuery, { numberOfMonths }, { signal }).then((r) => r.slaStatistics),
  });
}

function IndicatorHeader({ indicator, stats }: { indicator: SlaIndicatorView; stats: SlaStatistics }) {
  const { t } = useTranslation();
  const format = useFormat();
  const percent = percentFormatter(format.locale);
  const month = monthFormatter(format.locale);
  const key = SLA_TAB_OF[indicator.slaType].key;
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={4} maw={640}>
        <Title order={2} fz="lg">
          {t(`sla.indicators.${key}.title`)}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`sla.indicators.${key}.description`)}
        </Text>
        <Text size="sm" fw={600} data-testid="sla-target">
          {t(`sla.indicators.${key}.target`, { target: percent(targetShown(indicator.slaType, indicator.target)) })}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          {t('sla.judgedOn', { month: month(stats.judgedMonth) })}
        </Text>
        <Group gap="xs">
          <SlaStatusBadge status={indicator.status} size="lg" />
          <Text size="sm" fw={600} data-testid="sla-judged-share">
            {shareText(percent, indicator.slaType, indicator.judged)}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}

/** The share as a person reads it ("—" when nothing was judged): tracking shows the share with tracking. */
function shareText(percent: (ratio: number) => string, type: SlaTypeName, figure: { ratio: number; total: number }) {
  const share = shownShare(type, figure);
  return share === null ? '—' : percent(share);
}

/**
 * The failed orders of a period, as a link to exactly those orders in the orders grid for a person who may see
 * orders (the SLA right alone shows the number only).
 */
function BrokenCell({
  indicator,
  stats,
  period,
  broken,
}: {
  indicator: SlaIndicatorView;
  stats: SlaStatistics;
  period: { month: string } | { lastSevenDaysFrom: string };
  broken: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  if (broken === 0 || !canAccess(session, 'orders')) return <>{format.number(broken)}</>;
  const oldestMonth = indicator.previousMonths.at(-1)?.month ?? indicator.currentMonth.month;
  return (
    <Anchor
      component={Link}
      to="/orders"
      search={slaBreachSearch(indicator.slaType, period, { today: stats.today, oldestMonth }) as never}
      size="sm"
      fw={600}
      data-testid="sla-broken-link"
    >
      {format.number(broken)}
      <VisuallyHidden> {t('sla.breach.show')}</VisuallyHidden>
    </Anchor>
  );
}

function IndicatorTable({ indicator, stats }: { indicator: SlaIndicatorView; stats: SlaStatistics }) {
  const { t } = useTranslation();
  const format = useFormat();
  const percent = percentFormatter(format.locale);
  // On a phone the short month names leave room for the status column.
  const phone = usePhone();
  const month = monthFormatter(format.locale, phone ? 'short' : 'long');
  const labels = figureLabels(indicator.slaType);
  const rows = [
    {
      label: t('sla.periods.lastSevenDays'),
      figure: indicator.lastSevenDays,
      judged: false,
      period: { lastSevenDaysFrom: stats.lastSevenDaysFrom },
    },
    {
      label: t('sla.periods.currentMonth', { month: month(indicator.currentMonth.month) }),
      figure: indicator.currentMonth,
      judged: false,
      period: { month: indicator.currentMonth.month },
    },
    ...indicator.previousMonths.map((m, i) => ({
      label: month(m.month),
      figure: m,
      judged: i === 0,
      period: { month: m.month },
    })),
  ];
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped highlightOnHover verticalSpacing={6} horizontalSpacing="xs" fz="sm" data-testid="sla-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sla.table.period')}</Table.Th>
            <Table.Th ta="right">{t(labels.broken)}</Table.Th>
            <Table.Th ta="right">{t(labels.total)}</Table.Th>
            <Table.Th ta="right">{t(labels.ratio)}</Table.Th>
            {!phone && <Table.Th>{t('sla.table.status')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label} fw={row.judged ? 600 : undefined}>
              <Table.Td>
                {row.label}
                {row.judged && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    {t('sla.table.judged')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" data-testid="sla-broken">
                <BrokenCell indicator={indicator} stats={stats} period={row.period} broken={row.figure.broken} />
              </Table.Td>
              <Table.Td ta="right">{format.number(row.figure.total)}</Table.Td>
              <Table.Td ta="right">
                {shareText(percent, indicator.slaType, row.figure)}
                {/* A phone has no room for a fifth column: the status goes under the share, still in words. */}
                {phone && (
                  <div>
                    <SlaStatusBadge status={row.figure.status} size="xs" />
                  </div>
                )}
              </Table.Td>
              {!phone && (
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <SlaStatusBadge status={row.figure.status} size="sm" />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The months oldest first, the current month last. One series per status, each month filled in only its own, so
 * a bar's colour follows its status and the legend names the colours in words.
 */
function IndicatorChart({ indicator, height = 240 }: { indicator: SlaIndicatorView; height?: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const percent = percentFormatter(format.locale);
  const month = monthFormatter(format.locale);
  const months = [...indicator.previousMonths].reverse().concat(indicator.currentMonth);
  // Tracking is drawn as the share with tracking against its 90% line, as its target says it.
  const share = (m: { ratio: number; total: number }) => (shownShare(indicator.slaType, m) ?? 0) * 100;
  const data = months.map((m) => ({
    month: month(m.month),
    ok: m.status === 'ok' ? share(m) : 0,
    warning: m.status === 'warning' ? share(m) : 0,
    critical: m.status === 'critical' ? share(m) : 0,
  }));
  const target = targetShown(indicator.slaType, indicator.target) * 100;
  const top =
    indicator.slaType === 'TRACKING' ? 100 : niceCeiling(Math.max(target * 1.5, ...months.map((m) => share(m))));
  const title = t(figureLabels(indicator.slaType).chart);
  return (
    <div data-testid="sla-chart" role="img" aria-label={title}>
      <Text size="sm" fw={600} mb={6}>
        {title}
      </Text>
      <BarChart
        h={height}
        data={data}
        dataKey="month"
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: 'bottom', height: 36 }}
        series={(['ok', 'warning', 'critical'] as const).map((s) => ({
          name: s,
          label: t(`sla.status.${s}`),
          color: `${SLA_STATUS_COLOR[s]}.6`,
        }))}
        valueFormatter={(v) => percent(v / 100)}
        yAxisProps={{ domain: [0, top], ticks: [0, top / 2, top], width: 56 }}
        referenceLines={[
          {
            y: target,
            label: t('sla.chart.target'),
            labelPosition: 'insideTopRight',
            color: 'gray.7',
            strokeDasharray: '6 4',
          },
        ]}
        tooltipProps={{ cursor: { fillOpacity: 0.15 } }}
      />
    </div>
  );
}

function MonthsChoice({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed" id="sla-months-label">
        {t('sla.months.label')}
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby="sla-months-label"
        data-testid="sla-months"
        value={String(value)}
        onChange={(v) => onChange(Number(v))}
        data={MONTH_CHOICES.map((n) => ({ value: n, label: n }))}
      />
    </Group>
  );
}

function Toolbar({
  months,
  setMonths,
  types,
}: {
  months: number;
  setMonths: (n: number) => void;
  types: SlaTypeName[];
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" maw={720}>
        {t('sla.rules')}
      </Text>
      <Group gap="sm">
        <MonthsChoice value={months} onChange={setMonths} />
        <SlaExport numberOfMonths={months} types={types} />
      </Group>
    </Group>
  );
}

function Loading() {
  return (
    <Stack>
      <Skeleton h={120} radius="md" />
      <Skeleton h={260} radius="md" />
    </Stack>
  );
}

function IndicatorPanel({ type, route }: { type: SlaTypeName; route: string }) {
  useDocumentTitle(route);
  const [months, setMonths] = useState(6);
  const sla = useSla(months);
  const indicator = sla.data?.indicators.find((i) => i.slaType === type);
  return (
    <Stack gap="md">
      <Toolbar months={months} setMonths={setMonths} types={[type]} />
      {sla.isError && <ErrorAlert error={sla.error} />}
      {!sla.data && !sla.isError && <Loading />}
      {sla.data && indicator && (
        <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="sla-indicator" data-type={type}>
          <Stack gap="lg">
            <IndicatorHeader indicator={indicator} stats={sla.data} />
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
              <IndicatorTable indicator={indicator} stats={sla.data} />
              <IndicatorChart indicator={indicator} height={280} />
            </SimpleGrid>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

export function CancelRatePanel() {
  return <IndicatorPanel type="CANCEL_RATE" route="slaCancelRate" />;
}
export function TrackingRatePanel() {
  return <IndicatorPanel type="TRACKING" route="slaTrackingRate" />;
}
export function StatusErrorPanel() {
  return <IndicatorPanel type="STATUS_ERROR" route="slaStatusError" />;
}
export function DeliveryPanel() {
  return <IndicatorPanel type="DELIVERY" route="slaDelivery" />;
}

/** The four indicators together: each with its standing, its recent figures and its months. */
export function AllIndicatorsPanel() {
  useDocumentTitle('slaAll');
  const [months, setMonths] = useState(6);
  const sla = useSla(months);
  return (
    <Stack gap="md">
      <Toolbar months={months} setMonths={setMonths} types={[...SLA_TYPE_ORDER]} />
      {sla.isError && <ErrorAlert error={sla.error} />}
      {!sla.data && !sla.isError && <Loading />}
      {sla.data && (
        <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
          {SLA_TYPE_ORDER.map((type) => {
            const indicator = sla.data.indicators.find((i) => i.slaType === type);
            if (!indicator) return null;
            return (
              <Card
                key={type}
                withBorder
                radius="md"
                p={{ base: 'sm', sm: 'lg' }}
                data-testid="sla-indicator"
                data-type={type}
              >
                <Stack gap="md">
                  <IndicatorHeader indicator={indicator} stats={sla.data} />
                  <IndicatorChart indicator={indicator} height={200} />
                  <IndicatorTable indicator={indicator} stats={sla.data} />
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
