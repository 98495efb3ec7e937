import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';

export interface ChartPoint {
  label: string;
  orders: number;
  delivered: number;
  cancelled: number;
  returned: number;
  /** Sales per currency code, as numbers for drawing only (the figures themselves stay exact strings). */
  [currency: string]: number | string;
}

export interface ChartLabels {
  orders: string;
  delivered: string;
  cancelled: string;
  returned: string;
  ordersTitle: string;
  returnsTitle: string;
  salesTitle: (currency: string) => string;
  noSales: string;
}

/**
 * The statistics charts: sales per currency, orders, and returns with cancellations over time. A chunk of its
 * own with the chart library, loaded after the figures arrive.
 */
export default function StatisticsCharts({
  data,
  currencies,
  labels,
  money,
}: {
  data: ChartPoint[];
  currencies: string[];
  labels: ChartLabels;
  money: (amount: number, currency: string) => string;
}) {
  const axis = { xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: 24 }, tickLine: 'none' as const };
  return (
    <Stack gap="md">
      {currencies.length === 0 && (
        <Card withBorder>
          <Text c="dimmed" size="sm">
            {labels.noSales}
          </Text>
        </Card>
      )}
      {currencies.map((currency) => (
        <Card withBorder key={currency} component="section" aria-label={labels.salesTitle(currency)}>
          <Title order={2} fz="md" mb="sm">
            {labels.salesTitle(currency)}
          </Title>
          <AreaChart
            h={240}
            data={data}
            dataKey="label"
            series={[{ name: currency, label: currency, color: 'teal.6' }]}
            curveType="linear"
            gridAxis="y"
            valueFormatter={(value) => money(value, currency)}
            yAxisProps={{ width: 80 }}
            {...axis}
          />
        </Card>
      ))}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder component="section" aria-label={labels.ordersTitle}>
          <Title order={2} fz="md" mb="sm">
            {labels.ordersTitle}
          </Title>
          <BarChart
            h={220}
            data={data}
            dataKey="label"
            series={[{ name: 'orders', label: labels.orders, color: 'blue.6' }]}
            gridAxis="y"
            yAxisProps={{ allowDecimals: false }}
            {...axis}
          />
        </Card>
        <Card withBorder component="section" aria-label={labels.returnsTitle}>
          <Title order={2} fz="md" mb="sm">
            {labels.returnsTitle}
          </Title>
          <BarChart
            h={220}
            data={data}
            dataKey="label"
            type="stacked"
            series={[
              { name: 'returned', label: labels.returned, color: 'orange.6' },
              { name: 'cancelled', label: labels.cancelled, color: 'red.6' },
            ]}
            withLegend
            gridAxis="y"
            yAxisProps={{ allowDecimals: false }}
            {...axis}
          />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
