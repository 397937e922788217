/**
 * Time-series charts drawn by uPlot, each with a text alternative: the
 * figure is described for screen readers and its numbers are in a table
 * under "Show data".
 */
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { formatDate, formatNumber, useLang, useT } from './i18n';
import { TableWrap } from './ui';

export interface ChartSeries {
  label: string;
  values: Array<number | null>;
  color: string;
  kind: 'bar' | 'line';
}

export interface ChartProps {
  title: string;
  /** One short sentence that says what the chart shows (read by screen readers). */
  summary: string;
  /** Bucket starts, ISO date-times. */
  x: string[];
  series: ChartSeries[];
  /** How a value reads on the axis and in the table. */
  format: (v: number) => string;
  height?: number;
  /** Buckets are whole days (dates without times). */
  daily?: boolean;
  /** Values are counts: the axis shows whole numbers only. */
  integer?: boolean;
}

/** A chart of one or more series over time (bars side by side, or lines). */
export function Chart({ title, summary, x, series, format, height = 220, daily = true, integer = false }: ChartProps) {
  const t = useT();
  const lang = useLang();
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = x.map((s) => Date.parse(s) / 1000);
    const bars = series.filter((s) => s.kind === 'bar').length;
    let barIndex = 0;
    const fmtDay = new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : lang === 'es' ? 'es-ES' : 'en-GB', daily ? { day: 'numeric', month: 'short' } : { hour: '2-digit', minute: '2-digit' });
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 200),
      height,
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      scales: { x: { time: true, range: (_u, min, max) => (daily ? [min - 43_200, max + 43_200] : [min - 1_800, max + 1_800]) }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
      axes: [
        { stroke: '#4a5361', grid: { stroke: '#e5e7eb' }, ticks: { stroke: '#d1d5db' }, values: (_u, splits) => splits.map((s) => fmtDay.format(new Date(s * 1000))) },
        { stroke: '#4a5361', grid: { stroke: '#e5e7eb' }, ticks: { stroke: '#d1d5db' }, size: 64, values: (_u, splits) => splits.map((v) => format(v)), ...(integer ? { incrs: [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 25_000, 50_000, 100_000] } : {}) },
      ],
      series: [
        { label: t('chart.date') },
        ...series.map((s) => {
          if (s.kind === 'bar') {
            const align: -1 | 0 | 1 = bars === 1 ? 0 : barIndex++ === 0 ? -1 : 1;
            return { label: s.label, stroke: s.color, fill: s.color, width: 0, paths: uPlot.paths.bars!({ size: [bars === 1 ? 0.6 : 0.35, 40], align }), points: { show: false } } satisfies uPlot.Series;
          }
          return { label: s.label, stroke: s.color, width: 2, spanGaps: true, points: { show: true, size: 5, fill: s.color } } satisfies uPlot.Series;
        }),
      ],
    };
    const data: uPlot.AlignedData = [xs, ...series.map((s) => s.values)];
    plot.current?.destroy();
    plot.current = new uPlot(opts, data, el);
    // The canvas is decoration for assistive technology: the table below carries the numbers.
    el.querySelector('canvas')?.setAttribute('aria-hidden', 'true');
    const ro = new ResizeObserver(() => plot.current?.setSize({ width: Math.max(el.clientWidth, 200), height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, [x, series, lang, height, daily, integer]);

  return (
    <figure class="chart">
      <figcaption>
        <h3>{title}</h3>
        <span class="sr-only">{summary}</span>
      </figcaption>
      <div ref={box} class="chart-canvas" />
      <details class="chart-data">
        <summary>{t('chart.showData')}</summary>
        <TableWrap label={title}>
          <table class="data">
            <thead>
              <tr>
                <th scope="col">{t('chart.date')}</th>
                {series.map((s) => (
                  <th key={s.label} scope="col" class="num">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {x.map((at, i) => (
                <tr key={at}>
                  <th scope="row">{formatDate(at, lang, daily)}</th>
                  {series.map((s) => {
                    const v = s.values[i];
                    return (
                      <td key={s.label} class="num">
                        {v === null || v === undefined ? '—' : format(v)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </details>
    </figure>
  );
}

/** Percent with no decimals in the language's format. */
export const percent = (lang: ReturnType<typeof useLang>) => (v: number) => formatNumber(v, lang, { style: 'percent', maximumFractionDigits: 0 });
