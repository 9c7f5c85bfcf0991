import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { AppLink } from '../../../ui/AppLink';

export interface QuickLink {
  title: string;
  description: string;
  href: string;
  icon: ComponentType<SvgIconProps>;
  /** the first action of the page: drawn stronger */
  primary?: boolean;
}

/**
 * A card that is one link: MUI's Card (an outlined Paper that clips) and CardActionArea (ButtonBase
 * with a highlight of the text colour at hover and keyboard focus) drawn from Paper and ButtonBase,
 * which the page and the entry load anyway (Card and CardActionArea: 1 kB of /cpanel).
 */
export function QuickLinkCard({ link }: { link: QuickLink }) {
  const Icon = link.icon;
  return (
    <Paper
      variant="outlined"
      sx={{
        height: '100%',
        overflow: 'hidden',
        transition: 'border-color .15s, box-shadow .15s',
        '&:hover': { borderColor: 'primary.main', boxShadow: '0 4px 16px rgba(57,73,171,.12)' },
        ...(link.primary
          ? { bgcolor: 'primary.main', color: 'primary.contrastText', borderColor: 'primary.main' }
          : {}),
      }}
    >
      <ButtonBase
        component={AppLink}
        href={link.href}
        sx={(t) => ({
          height: '100%',
          p: 2.5,
          display: 'block',
          width: '100%',
          textAlign: 'inherit',
          borderRadius: 'inherit',
          '& .highlight': {
            overflow: 'hidden',
            pointerEvents: 'none',
            position: 'absolute',
            inset: 0,
            borderRadius: 'inherit',
            opacity: 0,
            bgcolor: 'currentcolor',
            transition: t.transitions.create('opacity', { duration: t.transitions.duration.short }),
          },
          '&:hover .highlight': { opacity: t.palette.action.hoverOpacity, '@media (hover: none)': { opacity: 0 } },
          '&.Mui-focusVisible .highlight': { opacity: t.palette.action.focusOpacity },
        })}
      >
        <Box
          sx={{
            width: 44,
            height: 44,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            mb: 1.5,
            bgcolor: link.primary ? 'rgba(255,255,255,.16)' : 'rgba(57,73,171,.08)',
            color: link.primary ? 'inherit' : 'primary.main',
          }}
        >
          <Icon aria-hidden />
        </Box>
        <Typography component="h2" sx={{ fontWeight: 600, fontSize: 17, mb: 0.5 }}>
          {link.title}
        </Typography>
        <Typography variant="body2" sx={{ color: link.primary ? 'rgba(255,255,255,.85)' : 'text.secondary' }}>
          {link.description}
        </Typography>
        <Box component="span" className="highlight" />
      </ButtonBase>
    </Paper>
  );
}

export function QuickLinkGrid({ links }: { links: readonly QuickLink[] }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
      }}
    >
      {links.map((link) => (
        <QuickLinkCard key={link.href} link={link} />
      ))}
    </Box>
  );
}
