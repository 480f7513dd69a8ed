// A report's chart: the numbers a chart shows (computed by report-charts.ts) and the lazily loaded
// bar chart that draws them, so chart.js comes with the report pages that chart and no sooner.
import { lazy, Suspense } from 'react';

type ChartSeries = { label: string; data: readonly number[] };
export type BarChartProps = {
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** The chart's text alternative: what it shows, in words. */
  summary: string;
  /** Bars drawn sideways: long labels (school names) stay readable. */
  horizontal?: boolean;
};

const BarChart = lazy(() => import('./bar-chart'));

export function ReportBarChart(props: BarChartProps) {
  if (props.labels.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <BarChart {...props} />
    </Suspense>
  );
}
