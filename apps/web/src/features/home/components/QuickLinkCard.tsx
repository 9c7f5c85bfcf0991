import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
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

export function QuickLinkCard({ link }: { link: QuickLink }) {
  const Icon = link.icon;
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        transition: 'border-color .15s, box-shadow .15s',
        '&:hover': { borderColor: 'primary.main', boxShadow: '0 4px 16px rgba(57,73,171,.12)' },
        ...(link.primary
          ? { bgcolor: 'primary.main', color: 'primary.contrastText', borderColor: 'primary.main' }
          : {}),
      }}
    >
      <CardActionArea component={AppLink} href={link.href} sx={{ height: '100%', p: 2.5, display: 'block' }}>
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
      </CardActionArea>
    </Card>
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
