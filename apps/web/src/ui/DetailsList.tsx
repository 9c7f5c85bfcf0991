import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Labelled facts as a definition list: label beside value from small screens up; with `stacked`,
 * the label goes above its value on a phone (for long values such as fingerprints).
 */
export function DetailsList({
  rows,
  labelWidth = 140,
  stacked = false,
}: {
  rows: readonly (readonly [string, ReactNode])[];
  labelWidth?: number;
  stacked?: boolean;
}) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: {
          xs: stacked ? '1fr' : '110px minmax(0, 1fr)',
          sm: `${labelWidth}px minmax(0, 1fr)`,
        },
        rowGap: stacked ? { xs: 0.25, sm: 1 } : 1,
        columnGap: 2,
        '& dt': { color: 'text.secondary', typography: 'body2', ...(stacked && { mt: { xs: 1, sm: 0 } }) },
        '& dd': { m: 0, typography: 'body2', overflowWrap: 'anywhere' },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}
