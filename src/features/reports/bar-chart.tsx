// The bar chart of the report pages, drawn by chart.js. Only this file imports chart.js, and only
// report-chart.tsx imports this file, lazily: the library loads with a report that shows a chart,
// never with the first load. Tree-shaken: only the bar controller and what it draws with are
// registered. The canvas is an image whose label summarises the numbers (the table beside it
// holds them all).
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef, type CSSProperties } from 'react';
import type { BarChartProps } from './report-chart';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

// Colours that stay apart for colour-blind readers and in greyscale print (Okabe-Ito).
const COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

export default function BarChart({ labels, series, summary, horizontal }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const element = canvas.current;
    // No 2D context (a DOM without canvas, as in tests): the table alone tells the numbers.
    if (!element || !element.getContext('2d')) return undefined;
    const chart = new Chart(element, {
      type: 'bar',
      data: {
        labels: [...labels],
        datasets: series.map((s, index) => ({
          label: s.label,
          data: [...s.data],
          backgroundColor: COLOURS[index % COLOURS.length],
        })),
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: series.length > 1 } },
        scales: {
          [horizontal ? 'x' : 'y']: { beginAtZero: true, ticks: { precision: 0 } },
          // Every bar keeps its label (a school's name): the chart is made tall enough for them all.
          [horizontal ? 'y' : 'x']: { ticks: { autoSkip: !horizontal } },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, series, horizontal]);

  return (
    <div
      className={horizontal ? 'report-chart report-chart-sideways' : 'report-chart'}
      style={horizontal ? ({ '--report-bars': labels.length } as CSSProperties) : undefined}
    >
      <canvas ref={canvas} role="img" aria-label={summary}>
        {summary}
      </canvas>
    </div>
  );
}
