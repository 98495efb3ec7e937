import { USAGE_DAYS_MAX } from '@pp/domain';
import { Card, Center, Code, Loader, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { graphql, type ResultOf } from '../../graphql/graphql';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageFrame } from '../../ui/PageFrame';

const UsageChart = lazy(() => import('./UsageChart'));

export const CockpitUsageQuery = graphql(`
  query CockpitUsage($days: Int!) {
    cockpitUsage(days: $days) {
      day
      route
      views
      clicks
      employeeViews
    }
  }
`);

type UsageDay = ResultOf<typeof CockpitUsageQuery>['cockpitUsage'][number];

const PERIODS = [7, 30, USAGE_DAYS_MAX] as const;

interface RouteTotal {
  route: string;
  views: number;
  clicks: number;
  employeeViews: number;
}

/** The last `days` UTC days, oldest first, as the server names them (yyyy-MM-dd). */
function periodDays(days: number, today = new Date()): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--) out.push(new Date(today.getTime() - i * 86_400_000).toISOString().slice(0, 10));
  return out;
}

/** Per route over the period, most viewed first. */
export function routeTotals(rows: UsageDay[]): RouteTotal[] {
  const totals = new Map<string, RouteTotal>();
  for (const row of rows) {
    const total = totals.get(row.route) ?? { route: row.route, views: 0, clicks: 0, employeeViews: 0 };
    total.views += row.views;
    total.clicks += row.clicks;
    total.employeeViews += row.employeeViews;
    totals.set(row.route, total);
  }
  return [...totals.values()].sort(
    (a, b) => b.views - a.views || b.clicks - a.clicks || a.route.localeCompare(b.route),
  );
}

/** Per day of the period, days without use included (a gap is information too). */
export function dayTotals(rows: UsageDay[], days: string[]) {
  const byDay = new Map(days.map((day) => [day, { day, views: 0, employeeViews: 0 }]));
  for (const row of rows) {
    const total = byDay.get(row.day);
    if (!total) continue;
    total.views += row.views;
    total.employeeViews += row.employeeViews;
  }
  return [...byDay.values()];
}

/** Operators: how the portal is used — page views and clicks per page (spec §2), sellers and staff apart. */
export function UsagePage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [days, setDays] = useState<number>(30);
  const usage = useQuery({
    queryKey: ['cockpitUsage', days],
    queryFn: ({ signal }) => api.request(CockpitUsageQuery, { days }, { signal }).then((r) => r.cockpitUsage),
  });
  const routes = useMemo(() => routeTotals(usage.data ?? []), [usage.data]);
  const chart = useMemo(
    () => dayTotals(usage.data ?? [], periodDays(days)).map((d) => ({ ...d, day: format.date(`${d.day}T12:00:00Z`) })),
    [usage.data, days, format],
  );

  return (
    <PageFrame
      route="cockpitUsage"
      description={t('cockpit.usage.description')}
      actions={
        <SegmentedControl
          aria-label={t('cockpit.usage.period')}
          data-testid="usage-period"
          value={String(days)}
          onChange={(value) => setDays(Number(value))}
          data={PERIODS.map((p) => ({ value: String(p), label: t('cockpit.usage.days', { count: p }) }))}
        />
      }
    >
      {usage.isError && <ErrorAlert error={usage.error} />}
      {usage.isPending && (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
      {usage.data && (
        <Stack gap="lg">
          <Card withBorder padding="md">
            <Title order={2} fz="lg" mb="sm">
              {t('cockpit.usage.perDay')}
            </Title>
            <Suspense fallback={<div style={{ height: 200 }} />}>
              <UsageChart
                data={chart}
                viewsLabel={t('cockpit.usage.views')}
                employeeLabel={t('cockpit.usage.employeeViews')}
              />
            </Suspense>
          </Card>
          <Card withBorder padding={0}>
            {routes.length === 0 ? (
              <Text c="dimmed" p="md" data-testid="usage-empty">
                {t('cockpit.usage.empty')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={340}>
                <Table striped highlightOnHover data-testid="usage-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('cockpit.usage.route')}</Table.Th>
                      <Table.Th ta="right">{t('cockpit.usage.views')}</Table.Th>
                      <Table.Th ta="right">{t('cockpit.usage.clicks')}</Table.Th>
                      <Table.Th ta="right">{t('cockpit.usage.employeeViews')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {routes.map((row) => (
                      <Table.Tr key={row.route} data-route={row.route}>
                        <Table.Td>
                          <Code>{row.route}</Code>
                        </Table.Td>
                        <Table.Td ta="right">{format.number(row.views)}</Table.Td>
                        <Table.Td ta="right">{format.number(row.clicks)}</Table.Td>
                        <Table.Td ta="right">{format.number(row.employeeViews)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
          <Text size="xs" c="dimmed">
            {t('cockpit.usage.note')}
          </Text>
        </Stack>
      )}
    </PageFrame>
  );
}
