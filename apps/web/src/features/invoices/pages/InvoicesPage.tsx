import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type InvoiceSummary, TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { PageContainer } from '../../../ui/PageContainer';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { INVOICES_PER_PAGE, invoicePdfUrl, useInvoices } from '../api';
import { TablePager } from '../../../ui/TablePager';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
/** credits as USD with 2 decimals and thousands separators (1 credit = 0.01 USD) */
const usd = (credits: number) =>
  `$${(credits / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const KIND_LABELS: Record<InvoiceSummary['kind'], string> = { order: 'Projects', credits: 'Credits' };

/** /member/invoices: every invoice of the account, 5 a page, with its detail and its PDF. */
export default function InvoicesPage() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const invoices = useInvoices(page);
  const rows = invoices.data?.data ?? null;
  const columns: ListColumn<InvoiceSummary>[] = [
    {
      key: 'number',
      header: 'Invoice',
      card: 'title',
      cell: (inv) => (
        <Button
          size="small"
          onClick={() => setOpenId(openId === inv.id ? null : inv.id)}
          aria-expanded={openId === inv.id}
          sx={{ ml: -1, fontWeight: 600, whiteSpace: 'nowrap' }}
        >
          {inv.number}
        </Button>
      ),
    },
    {
      key: 'date',
      header: 'Date',
      sx: { whiteSpace: 'nowrap' },
      cell: (inv) => dateFormat.format(new Date(inv.date)),
    },
    {
      key: 'kind',
      header: 'For',
      cell: (inv) => <Chip size="small" variant="outlined" label={KIND_LABELS[inv.kind]} />,
    },
    {
      key: 'total',
      header: 'Total',
      align: 'right',
      sx: { fontWeight: 600, whiteSpace: 'nowrap' },
      cell: (inv) => usd(inv.totalCredits),
    },
    {
      key: 'pdf',
      header: 'PDF',
      align: 'right',
      card: 'end',
      cell: (inv) => (
        <Button
          size="small"
          href={invoicePdfUrl(inv.id)}
          target="_blank"
          rel="noopener"
          startIcon={<DownloadOutlined />}
          aria-label={`PDF of invoice ${inv.number}`}
        >
          PDF
        </Button>
      ),
    },
  ];

  return (
    <PageContainer title="Invoices" subtitle="Every payment you made, with a PDF invoice for your records.">
      {invoices.error && !invoices.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => invoices.refetch()}>
              {TEXTS.retry}
            </Button>
          }
        >
          {invoices.error.message}
        </Alert>
      ) : rows && invoices.data?.totalCount === 0 ? (
        <Paper
          variant="outlined"
          sx={{ py: 6, px: 3, textAlign: 'center', color: 'text.secondary', borderStyle: 'dashed' }}
        >
          <ReceiptOutlined sx={{ fontSize: 40, color: 'action.active' }} />
          <Typography component="p" sx={{ color: 'text.primary', fontWeight: 600, mt: 1 }}>
            No invoices yet
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            An invoice appears here as soon as you pay for projects or buy credits.
          </Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden', position: 'relative', p: { xs: 1, sm: 0 } }}>
          {invoices.isFetching && (
            <LinearProgress aria-label="Loading" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
          )}
          <ResponsiveTable
            rows={rows ?? []}
            columns={columns}
            rowKey={(inv) => inv.id}
            label="Invoices"
            loading={rows === null}
            rowProps={() => ({ 'data-testid': 'invoice-row' })}
            detail={(inv) => (openId === inv.id ? <InvoiceDetail invoice={inv} /> : null)}
          />
          <TablePager
            component="div"
            count={invoices.data?.totalCount ?? 0}
            page={page - 1}
            onPageChange={(_, next) => setPage(next + 1)}
            rowsPerPage={INVOICES_PER_PAGE}
            rowsPerPageOptions={[INVOICES_PER_PAGE]}
          />
        </Paper>
      )}
    </PageContainer>
  );
}

function InvoiceDetail({ invoice }: { invoice: InvoiceSummary }) {
  const lines: [string, number][] = [
    ['Subtotal', invoice.subtotalCredits],
    ['Discount', -invoice.discountCredits],
    ['VAT', invoice.vatCredits],
  ];
  return (
    <Box sx={{ py: 2, maxWidth: 360, fontWeight: 400 }} data-testid="invoice-detail">
      {lines.map(([label, credits]) => (
        <Box key={label} sx={{ display: 'flex', justifyContent: 'space-between', py: 0.25 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="body2">{credits < 0 ? `-${usd(-credits)}` : usd(credits)}</Typography>
        </Box>
      ))}
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          pt: 0.75,
          mt: 0.5,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          Total
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {usd(invoice.totalCredits)} ({invoice.totalCredits.toLocaleString('en-US')} credits)
        </Typography>
      </Box>
    </Box>
  );
}
