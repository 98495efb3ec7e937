import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';

/** The price over time as steps (a price holds until the next change); a chunk of its own with the chart library. */
export default function PriceHistoryChart({
  data,
  label,
  format,
}: {
  data: { at: string; price: number }[];
  label: string;
  format: (value: number) => string;
}) {
  return (
    <LineChart
      h={200}
      data={data}
      dataKey="at"
      series={[{ name: 'price', label, color: 'teal.6' }]}
      curveType="stepAfter"
      valueFormatter={format}
      tickLine="none"
      gridAxis="y"
      withDots={data.length <= 40}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
      yAxisProps={{ width: 72, domain: ['auto', 'auto'] }}
    />
  );
}
