import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { STAFF_TEXTS } from '@parlance/shared';
import { useSetUiFeature, useUiFeatures } from '../backoffice-api';
import { usePermission } from '../../../app/current-user';
import { AdminPageLayout } from '../components/AdminPageLayout';
import { Suspense } from 'react';
import { lazy } from '../../../ui/lazy';

// the promotion form brings the form library: its own chunk, loaded only for those who may send
const PromotionForm = lazy(() => import('../components/PromotionForm').then((m) => ({ default: m.PromotionForm })));

/** /admin/features-new: the ui-feature flags the wizard steps and the team chat read; promotions. */
export default function FeaturesPage() {
  const features = useUiFeatures();
  const canWrite = usePermission('settings.write');
  const set = useSetUiFeature();
  const on = (f: { status: number; config: Record<string, unknown> }) => f.status === 1 && f.config.enabled === true;

  return (
    <AdminPageLayout>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Switch parts of the product on or off for everyone: the order wizard's steps and the team chat.
      </Typography>
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {STAFF_TEXTS.readOnly}
        </Alert>
      )}
      {set.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {set.error.message}
        </Alert>
      )}
      {features.error ? (
        <Alert severity="error">{features.error.message}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ maxWidth: 760 }}>
          <List aria-label="Feature flags">
            {!features.data && [0, 1, 2].map((i) => <Skeleton key={i} sx={{ mx: 2 }} height={48} />)}
            {(features.data ?? []).map((f) => (
              <ListItem
                key={f.uuid}
                divider
                secondaryAction={
                  <Switch
                    edge="end"
                    checked={on(f)}
                    disabled={!canWrite || set.isPending}
                    slotProps={{ input: { 'aria-label': f.name } }}
                    onChange={(e) =>
                      set.mutate({
                        uuid: f.uuid,
                        status: e.target.checked ? 1 : 0,
                        config: { ...f.config, enabled: e.target.checked },
                      })
                    }
                  />
                }
              >
                <ListItemText primary={f.name} secondary={f.uuid} />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {canWrite && (
        <Suspense fallback={<Skeleton variant="rounded" height={240} sx={{ maxWidth: 760, mt: 3 }} />}>
          <PromotionForm />
        </Suspense>
      )}
    </AdminPageLayout>
  );
}
