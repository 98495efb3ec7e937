import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** The runs' items by day, loaded after the figures (the chart library is heavy). */
export default function FeedStatsChart({
  data,
  labels,
  format,
}: {
  data: { day: string; processed: number; updated: number; errors: number }[];
  labels: { processed: string; updated: string; errors: string };
  format: (value: number) => string;
}) {
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="day"
      series={[
        { name: 'processed', label: labels.processed, color: 'gray.5' },
        { name: 'updated', label: labels.updated, color: 'teal.6' },
        { name: 'errors', label: labels.errors, color: 'red.6' },
      ]}
      valueFormatter={format}
      withLegend
      tickLine="none"
      gridAxis="y"
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
    />
  );
}
