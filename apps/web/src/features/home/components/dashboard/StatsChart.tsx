import { useTheme } from '@mui/material/styles';
import type { DashboardStatistics } from '@parlance/shared';
import { useEffect, useRef, useState } from 'react';
import { formatWords } from '../../../../ui/format';

// Projects (bars, left axis) and words (line, right axis) per month, drawn as one SVG. It was a
// recharts chart: its 100 kB (compressed) and its render, which React cannot slice, were the
// longest task of the translator's first load on a phone; twelve bars and a line need neither.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The chart's height with its legend, as the card's skeleton reserves it. */
const HEIGHT = 220;
const LEGEND = 24;
const PLOT = { top: 10, right: 44, bottom: 20, left: 28 };
const TICKS = 4;
const FONT = 11;

/** "2026-05" -> "May" (and the year for January). */
function monthLabel(key: string): string {
  const [y, m] = key.split('-');
  const name = MONTHS[Number(m) - 1] ?? key;
  return m === '01' ? `${name} ${y.slice(2)}` : name;
}

/** A round step (1, 2 or 5 times a power of ten) that covers `max` in TICKS steps; at least `min`. */
function niceStep(max: number, min: number): number {
  const raw = Math.max(max / TICKS, min);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * power).find((s) => s >= raw) ?? 10 * power;
  return Math.max(step, min);
}

/** 12000 -> "12k", 1500000 -> "1.5M": the words axis has room for a few characters. */
function compact(n: number): string {
  if (n >= 1_000_000) return `${+(n / 1_000_000).toFixed(1)}M`;
  if (n >= 1_000) return `${+(n / 1_000).toFixed(1)}k`;
  return String(n);
}

export default function StatsChart({ months }: { months: DashboardStatistics['months'] }) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [hover, setHover] = useState<number | null>(null);

  // The width comes from the observer only: it reports the box's size after the browser's own
  // layout, once at the start and on every change. Reading clientWidth in the commit forced a layout
  // of the whole page there and drew the chart again synchronously, in the load's longest task.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const svgHeight = HEIGHT - LEGEND;
  const plotW = Math.max(0, width - PLOT.left - PLOT.right);
  const plotH = svgHeight - PLOT.top - PLOT.bottom;
  const band = months.length > 0 ? plotW / months.length : 0;
  const projectStep = niceStep(Math.max(...months.map((m) => m.projects), 0), 1);
  const wordStep = niceStep(Math.max(...months.map((m) => m.words), 0), 1);
  const yProjects = (v: number) => PLOT.top + plotH - (v / (projectStep * TICKS)) * plotH;
  const yWords = (v: number) => PLOT.top + plotH - (v / (wordStep * TICKS)) * plotH;
  const x = (i: number) => PLOT.left + band * i + band / 2;
  // every month's label when there is room for it, otherwise every other one, counted from the last
  const every = band >= 34 ? 1 : 2;
  const ticks = Array.from({ length: TICKS + 1 }, (_, n) => n);
  const text = theme.palette.text.secondary;
  const shown = hover === null ? null : months[hover];

  return (
    <div ref={box} style={{ position: 'relative', height: HEIGHT }}>
      {/* the plot's room is held before the first measurement, so the legend below never moves */}
      {width === 0 && <div style={{ height: svgHeight }} />}
      {width > 0 && (
        <svg width={width} height={svgHeight} style={{ display: 'block' }} aria-hidden="true">
          {ticks.map((n) => (
            <g key={n} fontSize={FONT} fill={text}>
              <line
                x1={PLOT.left}
                x2={PLOT.left + plotW}
                y1={yProjects(n * projectStep)}
                y2={yProjects(n * projectStep)}
                stroke={theme.palette.divider}
              />
              <text x={PLOT.left - 6} y={yProjects(n * projectStep)} textAnchor="end" dominantBaseline="middle">
                {n * projectStep}
              </text>
              <text x={PLOT.left + plotW + 6} y={yWords(n * wordStep)} dominantBaseline="middle">
                {compact(n * wordStep)}
              </text>
            </g>
          ))}
          {months.map((m, i) =>
            m.projects > 0 ? (
              <rect
                key={m.month}
                className="dash-chart-bar"
                x={x(i) - band * 0.3}
                y={yProjects(m.projects)}
                width={band * 0.6}
                height={PLOT.top + plotH - yProjects(m.projects)}
                rx={3}
                fill={theme.palette.primary.main}
              />
            ) : null,
          )}
          <polyline
            points={months.map((m, i) => `${x(i)},${yWords(m.words)}`).join(' ')}
            fill="none"
            stroke={theme.palette.secondary.main}
            strokeWidth={2}
            strokeLinejoin="round"
          />
          {months.map((m, i) =>
            (months.length - 1 - i) % every === 0 ? (
              <text key={m.month} x={x(i)} y={svgHeight - 4} fontSize={FONT} fill={text} textAnchor="middle">
                {monthLabel(m.month)}
              </text>
            ) : null,
          )}
          {/* the month under the pointer shows its figures */}
          {months.map((m, i) => (
            <rect
              key={m.month}
              x={PLOT.left + band * i}
              y={PLOT.top}
              width={band}
              height={plotH}
              fill={hover === i ? theme.palette.action.hover : 'transparent'}
              onPointerEnter={() => setHover(i)}
              onPointerLeave={() => setHover((h) => (h === i ? null : h))}
            />
          ))}
        </svg>
      )}
      {shown && hover !== null && (
        <div
          style={{
            position: 'absolute',
            top: PLOT.top,
            left: Math.min(Math.max(0, x(hover) + 8), Math.max(0, width - 140)),
            pointerEvents: 'none',
            background: theme.palette.background.paper,
            border: `1px solid ${theme.palette.divider}`,
            borderRadius: 4,
            padding: '4px 8px',
            fontSize: 12,
            whiteSpace: 'nowrap',
          }}
        >
          <div>{monthLabel(shown.month)}</div>
          <div style={{ color: theme.palette.primary.main }}>Projects: {shown.projects}</div>
          <div style={{ color: theme.palette.secondary.main }}>Words: {formatWords(shown.words)}</div>
        </div>
      )}
      <div
        style={{
          display: 'flex',
          justifyContent: 'center',
          gap: 16,
          fontSize: 12,
          height: LEGEND,
          alignItems: 'center',
        }}
      >
        <span>
          <span
            style={{
              display: 'inline-block',
              width: 10,
              height: 10,
              marginRight: 4,
              background: theme.palette.primary.main,
            }}
          />
          Projects
        </span>
        <span>
          <span
            style={{
              display: 'inline-block',
              width: 14,
              height: 2,
              marginRight: 4,
              verticalAlign: 'middle',
              background: theme.palette.secondary.main,
            }}
          />
          Words
        </span>
      </div>
    </div>
  );
}
