import { useTheme } from '@mui/material/styles';
import type { DashboardStatistics } from '@parlance/shared';
import { Bar, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-05" -> "May" (and the year for January). */
function monthLabel(key: string): string {
  const [y, m] = key.split('-');
  const name = MONTHS[Number(m) - 1] ?? key;
  return m === '01' ? `${name} ${y.slice(2)}` : name;
}

/** Projects (bars) and words (line) per month: recharts, loaded with this page only. */
export default function StatsChart({ months }: { months: DashboardStatistics['months'] }) {
  const theme = useTheme();
  const data = months.map((m) => ({ ...m, label: monthLabel(m.month) }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <ComposedChart data={data} margin={{ top: 8, right: 0, bottom: 0, left: -16 }}>
        <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
        <YAxis yAxisId="projects" allowDecimals={false} tick={{ fontSize: 11 }} />
        <YAxis yAxisId="words" orientation="right" tick={{ fontSize: 11 }} width={44} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar
          yAxisId="projects"
          dataKey="projects"
          name="Projects"
          fill={theme.palette.primary.main}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
        <Line
          yAxisId="words"
          dataKey="words"
          name="Words"
          stroke={theme.palette.secondary.main}
          strokeWidth={2}
          dot={false}
          type="monotone"
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
