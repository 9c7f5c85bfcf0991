import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import { PATHS } from '@parlance/shared';
import { useLocation } from 'react-router';
import { AppLink } from '../ui/AppLink';
import { PageContainer } from '../ui/PageContainer';
import { routeHandleFor } from './route-handle';

/** A page of the product whose screen is not built yet: says so plainly, shows nothing made up. */
export default function PlannedPage() {
  const title = routeHandleFor(useLocation().pathname).title ?? 'This page';
  return (
    <PageContainer title={title}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, md: 4 }, display: 'flex', gap: 2.5, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <ConstructionIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <div style={{ flex: '1 1 260px' }}>
          <Typography sx={{ fontWeight: 600, mb: 0.5 }}>Not available yet</Typography>
          <Typography color="text.secondary" sx={{ mb: 2.5 }}>
            {title} is not available in Parlance yet; it is being built and will appear at this address.
          </Typography>
          <Button variant="contained" component={AppLink} href={PATHS.root}>
            Back to your homepage
          </Button>
        </div>
      </Paper>
    </PageContainer>
  );
}
