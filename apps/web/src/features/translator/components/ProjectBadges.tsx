import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { ProjectRow } from '@parlance/shared';

// The badges beside a project id (spec 3 §2): E editing, MT exclusive, TR translation.

const BADGE_INFO: Record<ProjectRow['badges'][number], { title: string; color: string }> = {
  E: { title: 'Editing: the translation goes through an editor', color: '#6a1b9a' },
  MT: { title: 'Exclusive: offered to My Team translators', color: '#00695c' },
  TR: { title: 'Translation', color: '#1565c0' },
};

export function ProjectBadges({ badges }: { badges: ProjectRow['badges'] }) {
  if (badges.length === 0) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, ml: 0.75, verticalAlign: 'middle' }}>
      {badges.map((b) => (
        <Tooltip key={b} title={BADGE_INFO[b].title}>
          <Box
            component="span"
            aria-label={BADGE_INFO[b].title}
            sx={{
              px: 0.6,
              py: 0.1,
              borderRadius: 1,
              fontSize: 11,
              fontWeight: 700,
              lineHeight: '16px',
              color: '#fff',
              bgcolor: BADGE_INFO[b].color,
            }}
          >
            {b}
          </Box>
        </Tooltip>
      ))}
    </Box>
  );
}
