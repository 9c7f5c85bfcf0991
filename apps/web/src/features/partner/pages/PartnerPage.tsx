import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { PARTNER_LIMITS, PARTNER_TEXTS, type ReferredSignup, TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { formatDate } from '../../../ui/format';
import { formatCredits, formatMoney } from '../../../ui/money';
import { PageContainer } from '../../../ui/PageContainer';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { toast } from '../../../ui/toast';
import { type PartnerView, usePartnerReport } from '../api';
import { TablePager } from '../../../ui/TablePager';

const USD = { symbol: '$', rate: 1 };
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function defaultView(): PartnerView {
  const now = new Date();
  return {
    from: isoDay(new Date(now.getTime() - 90 * 86_400_000)),
    to: isoDay(now),
    page: 1,
    limit: PARTNER_LIMITS.defaultPageSize,
  };
}

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast(PARTNER_TEXTS.copied, { variant: 'success' });
  } catch {
    toast('Copy the link from the field', { variant: 'info' });
  }
}

/** /partner (customers) and /affiliate-program (translators): the referral link and what it brought. */
export default function PartnerPage() {
  const affiliate = useLocation().pathname.startsWith('/affiliate-program');
  const [view, setView] = useState<PartnerView>(defaultView);
  const report = usePartnerReport(view);
  const set = (next: Partial<PartnerView>) => setView((v) => ({ ...v, page: 1, ...next }));
  const rangeMissing = view.from === '' || view.to === '';
  const rangeBackwards = !rangeMissing && view.from > view.to;
  const data = report.data;

  return (
    <PageContainer
      title={affiliate ? 'Affiliate program' : 'Partners & Integrations'}
      subtitle={
        data
          ? `Invite people with your link: you earn ${data.commissionPercent}% of what they spend on translations.`
          : 'Invite people with your link and earn a commission on what they spend.'
      }
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
          Your referral link
        </Typography>
        {data ? (
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            <Field
              size="small"
              fullWidth
              label="Referral link"
              value={data.link}
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'referral-link' } }}
              onFocus={(e) => e.target.select()}
            />
            <Button
              variant="contained"
              startIcon={<ContentCopyOutlined />}
              onClick={() => copy(data.link)}
              sx={{ flexShrink: 0 }}
            >
              Copy link
            </Button>
          </Box>
        ) : (
          <Skeleton variant="rounded" height={40} aria-label="Loading the link" />
        )}
        {data && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Code {data.code}. Anyone who signs up through this link counts as your referral.
          </Typography>
        )}
      </Paper>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Field
          type="date"
          size="small"
          label="From"
          value={view.from}
          onChange={(e) => set({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Field
          type="date"
          size="small"
          label="To"
          value={view.to}
          onChange={(e) => set({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>

      {rangeMissing || rangeBackwards ? (
        <Alert severity="info">{rangeMissing ? PARTNER_TEXTS.pickDates : PARTNER_TEXTS.dateOrder}</Alert>
      ) : report.error && !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => report.refetch()}>
              {TEXTS.retry}
            </Button>
          }
        >
          {report.error.message}
        </Alert>
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
              gap: 2,
              mb: 3,
            }}
            aria-busy={report.isFetching}
          >
            <Figure
              label="Sign-ups"
              value={data ? data.signups.toLocaleString('en-US') : null}
              testId="partner-signups"
            />
            <Figure
              label="Their spend"
              value={data ? formatMoney(data.spend, USD) : null}
              hint={data ? formatCredits(data.spend) : undefined}
              testId="partner-spend"
            />
            <Figure
              label="Commission paid"
              value={data ? formatMoney(data.commissionPaid, USD) : null}
              hint={
                data ? `${formatCredits(data.commissionPaid)}, credited to your statement in this range` : undefined
              }
              testId="partner-commission-paid"
            />
            <Figure
              label="Commission pending"
              value={data ? formatMoney(data.commissionPending, USD) : null}
              hint={
                data
                  ? `${data.commissionPercent}% of projects still in progress, paid when they are completed`
                  : undefined
              }
              testId="partner-commission-pending"
            />
          </Box>

          <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
            People you referred
          </Typography>
          {data && data.referred.totalCount === 0 ? (
            <Paper
              variant="outlined"
              sx={{ py: 6, px: 3, textAlign: 'center', color: 'text.secondary', borderStyle: 'dashed' }}
            >
              <GroupAddOutlined sx={{ fontSize: 40, color: 'action.active' }} />
              <Typography component="p" sx={{ color: 'text.primary', fontWeight: 600, mt: 1 }}>
                {PARTNER_TEXTS.empty}
              </Typography>
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                Share your link: people who sign up through it are listed here.
              </Typography>
            </Paper>
          ) : (
            <Paper variant="outlined" sx={{ overflow: 'hidden', position: 'relative', p: { xs: 1, md: 0 } }}>
              {report.isFetching && (
                <LinearProgress
                  aria-label="Loading"
                  sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}
                />
              )}
              <ResponsiveTable
                rows={data?.referred.data ?? []}
                columns={COLUMNS}
                rowKey={(r) => `${r.joinedAt}-${r.name}`}
                label="People you referred"
                loading={!data}
                placeholderRows={3}
                cardsBelow="md"
                rowProps={() => ({ 'data-testid': 'referred-row' })}
              />
              <TablePager
                component="div"
                count={data?.referred.totalCount ?? 0}
                page={view.page - 1}
                onPageChange={(_, next) => setView((v) => ({ ...v, page: next + 1 }))}
                rowsPerPage={view.limit}
                rowsPerPageOptions={[...PARTNER_LIMITS.pageSizeOptions]}
                onRowsPerPageChange={(e) => set({ limit: Number(e.target.value) })}
              />
            </Paper>
          )}
        </>
      )}
    </PageContainer>
  );
}

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string | null;
  hint?: string;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {value === null ? (
        <Skeleton width="60%" height={40} />
      ) : (
        <Typography sx={{ fontSize: 28, fontWeight: 700 }} data-testid={testId}>
          {value}
        </Typography>
      )}
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Paper>
  );
}

const COLUMNS: ListColumn<ReferredSignup>[] = [
  { key: 'name', header: 'Name', card: 'title', cell: (r) => r.name },
  { key: 'type', header: 'Account', cell: (r) => (r.type === 'translator' ? 'Translator' : 'Customer') },
  { key: 'joined', header: 'Signed up', sx: { whiteSpace: 'nowrap' }, cell: (r) => formatDate(r.joinedAt) },
  {
    key: 'spend',
    header: 'Spend in range',
    align: 'right',
    sx: { whiteSpace: 'nowrap' },
    cell: (r) => formatMoney(r.spend, USD),
  },
];
