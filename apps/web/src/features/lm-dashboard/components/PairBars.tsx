import { useTheme } from '@mui/material/styles';
import type { LmTile } from '@parlance/shared';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** A tile's projects by language pair (loaded on demand by Tiles). */
export default function PairBars({ bars }: { bars: LmTile['chart'] }) {
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={bars} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 0 }}>
        <XAxis type="number" allowDecimals={false} hide />
        <YAxis
          type="category"
          dataKey="short"
          width={96}
          interval={0}
          tick={{ fontSize: 11, fill: theme.palette.text.secondary }}
        />
        <Tooltip
          cursor={{ fill: theme.palette.action.hover }}
          labelFormatter={(_, payload) => payload?.[0]?.payload?.label ?? ''}
        />
        <Bar dataKey="count" name="Projects" fill={theme.palette.primary.main} radius={[0, 3, 3, 0]} barSize={14} />
      </BarChart>
    </ResponsiveContainer>
  );
}
