import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** Views per day; a chunk of its own with the chart library, loaded after the figures arrive. */
export default function UsageChart({
  data,
  viewsLabel,
  employeeLabel,
}: {
  data: { day: string; views: number; employeeViews: number }[];
  viewsLabel: string;
  employeeLabel: string;
}) {
  return (
    <BarChart
      h={200}
      data={data}
      dataKey="day"
      type="stacked"
      series={[
        { name: 'views', label: viewsLabel, color: 'teal.6' },
        { name: 'employeeViews', label: employeeLabel, color: 'gray.5' },
      ]}
      withLegend
      tickLine="none"
      gridAxis="y"
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
      yAxisProps={{ allowDecimals: false }}
    />
  );
}
