import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** The sales bars, loaded after the figures: the chart library is the heaviest part of the home page. */
export default function SalesChart({
  data,
  label,
  format,
}: {
  data: { day: string; total: number }[];
  label: string;
  format: (value: number) => string;
}) {
  return (
    <BarChart
      h={180}
      data={data}
      dataKey="day"
      series={[{ name: 'total', label, color: 'teal.6' }]}
      valueFormatter={format}
      tickLine="none"
      gridAxis="none"
      withYAxis={false}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
    />
  );
}
