import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@parlance/shared';
import { TextLink } from '../ui/TextLink';
import { PRIVACY, TERMS } from './navigation';

/** `reserveFoot`: the admin's floating button sits at the bottom right; the footer keeps room beside and under it. */
export function Footer({ reserveFoot = 0 }: { reserveFoot?: number }) {
  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        pl: { xs: 2, sm: 3, md: 4 },
        pr: reserveFoot ? `${reserveFoot}px` : { xs: 2, sm: 3, md: 4 },
        pt: 2.5,
        pb: reserveFoot ? `${reserveFoot}px` : 2.5,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1.5,
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2">
        © {LIMITS.copyrightStartYear}–{new Date().getFullYear()} Parlance
      </Typography>
      <Box component="nav" aria-label="Legal" sx={{ display: 'flex', gap: 3 }}>
        <TextLink href={TERMS} inherit small>
          Terms of service
        </TextLink>
        <TextLink href={PRIVACY} inherit small>
          Privacy policy
        </TextLink>
      </Box>
    </Box>
  );
}
