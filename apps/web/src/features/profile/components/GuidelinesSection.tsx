import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { TRANSLATOR_GUIDELINES } from '@parlance/shared';
import { SectionCard } from './SectionCard';

// Translator guidelines (spec 2 section 2): what the marketplace expects of a translator's work.
// Static text from packages/shared; the spec gives the section, not its wording.

export function GuidelinesSection() {
  return (
    <SectionCard title="Translator Guidelines" intro="What customers and reviewers expect of every project you take.">
      {TRANSLATOR_GUIDELINES.map((group) => (
        <Box key={group.title} component="section" aria-label={group.title} sx={{ mb: 2.5 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {group.title}
          </Typography>
          <List dense disablePadding sx={{ listStyleType: 'disc', pl: 3 }}>
            {group.points.map((point) => (
              <ListItem key={point} disableGutters sx={{ display: 'list-item', py: 0.25 }}>
                <ListItemText primary={point} />
              </ListItem>
            ))}
          </List>
        </Box>
      ))}
    </SectionCard>
  );
}
