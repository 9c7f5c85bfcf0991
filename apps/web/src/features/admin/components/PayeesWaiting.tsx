import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messageOf } from '../../../app/http';
import { formatDate } from '../../../ui/format';
import { toast } from '../../../ui/toast';
import { useChangePayeeStatus, usePayeesWaiting } from '../convert-api';

/**
 * /convert: Payoneer accounts translators added that wait for approval. Finance staff approve or
 * decline each; the translator is told in their messages. Shown only while some are waiting.
 */
export function PayeesWaiting({ canWrite }: { canWrite: boolean }) {
  const payees = usePayeesWaiting();
  const change = useChangePayeeStatus();
  const rows = payees.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="payees-waiting">
      <Typography id="payees-waiting" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Payoneer accounts waiting for approval ({rows.length})
      </Typography>
      <Stack component="ul" aria-label="Payoneer accounts waiting for approval" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((p) => (
          <Stack
            component="li"
            key={p.userId}
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ gap: 1, py: 1, borderTop: 1, borderColor: 'divider', alignItems: { sm: 'center' } }}
          >
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap title={`${p.name} <${p.email}>`}>
              <strong>{p.name}</strong> · {p.account}
              <Typography component="span" variant="caption" color="text.secondary">
                {' '}
                · since {formatDate(p.updatedAt)}
              </Typography>
            </Typography>
            {canWrite && (
              <Stack direction="row" sx={{ gap: 1 }}>
                {(['active', 'declined'] as const).map((status) => (
                  <Button
                    key={status}
                    size="small"
                    variant={status === 'active' ? 'contained' : 'outlined'}
                    color={status === 'active' ? 'primary' : 'error'}
                    disabled={change.isPending}
                    aria-label={`${status === 'active' ? 'Approve' : 'Decline'} the Payoneer account of ${p.name}`}
                    onClick={() =>
                      change.mutate(
                        { userId: p.userId, status },
                        {
                          onSuccess: () =>
                            toast(`Payoneer account of ${p.name} ${status === 'active' ? 'approved' : 'declined'}.`, {
                              variant: 'success',
                            }),
                          onError: (err) => toast(messageOf(err), { variant: 'error' }),
                        },
                      )
                    }
                  >
                    {status === 'active' ? 'Approve' : 'Decline'}
                  </Button>
                ))}
              </Stack>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
