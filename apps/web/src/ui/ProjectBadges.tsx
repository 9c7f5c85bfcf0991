import Box from '@mui/material/Box';
import type { ProjectRow } from '@parlance/shared';
import { Hint } from './Hint';

// The badges on a project id (spec 3 §2): E editing, MT machine translation (exclusive), TR translation.
const MEANING: Record<ProjectRow['badges'][number], { title: string; color: string }> = {
  E: { title: 'Editing', color: '#6a1b9a' },
  MT: { title: 'Machine translation', color: '#00695c' }, // white text at 6.6:1 (#00897b was 4.0:1)
  TR: { title: 'Translation', color: '#3949ab' },
};

export function ProjectBadges({ badges }: { badges: ProjectRow['badges'] }) {
  if (badges.length === 0) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, verticalAlign: 'middle' }}>
      {badges.map((b) => (
        <Hint key={b} title={MEANING[b].title} placement="below" inline="flex">
          <Box
            component="span"
            aria-label={`${MEANING[b].title} badge`}
            sx={{
              px: 0.5,
              borderRadius: 0.75,
              fontSize: 11,
              fontWeight: 700,
              lineHeight: '18px',
              color: MEANING[b].color,
              border: 1,
              borderColor: MEANING[b].color,
            }}
          >
            {b}
          </Box>
        </Hint>
      ))}
    </Box>
  );
}
