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
/** what each document is, in the words on its PDF (ADR 0047) */
const TYPE_LABELS: Record<InvoiceSummary['type'], string> = {
  invoice: 'Invoice',
  receipt: 'Receipt',
  credit_note: 'Credit note',
};
const FOR_LABELS: Record<InvoiceSummary['type'], string> = {
  invoice: 'Projects',
  receipt: 'Prepaid credits',
  credit_note: 'Refund',
};
/** a credit note gives money back: its total shows as a minus */
const signed = (inv: InvoiceSummary, credits: number) =>
  inv.type === 'credit_note' && credits !== 0 ? `-${usd(credits)}` : usd(credits);

/** /member/invoices: every invoice of the account, 5 a page, with its detail and its PDF. */
export default function InvoicesPage() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const invoices = useInvoices(page);
  const rows = invoices.data?.data ?? null;
  const columns: ListColumn<InvoiceSummary>[] = [
    {
      key: 'number',
      header: 'Number',
      card: 'title',
      cell: (inv) => (
        <>
          <Button
            size="small"
            onClick={() => setOpenId(openId === inv.id ? null : inv.id)}
            aria-expanded={openId === inv.id}
            sx={{ ml: -1, fontWeight: 600, whiteSpace: 'nowrap' }}
          >
            {inv.number}
          </Button>
          {inv.correctsInvoice && (
            <Typography variant="caption" color="text.secondary" component="div" data-testid="corrects-invoice">
              Corrects invoice {inv.correctsInvoice.number}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'date',
      header: 'Date',
      sx: { whiteSpace: 'nowrap' },
      cell: (inv) => dateFormat.format(new Date(inv.date)),
    },
    {
      key: 'type',
      header: 'Document',
      cell: (inv) => (
        <Chip
          size="small"
          variant="outlined"
          color={inv.type === 'credit_note' ? 'success' : 'default'}
          label={`${TYPE_LABELS[inv.type]} · ${FOR_LABELS[inv.type]}`}
        />
      ),
    },
    {
      key: 'total',
      header: 'Total',
      align: 'right',
      sx: { fontWeight: 600, whiteSpace: 'nowrap' },
      cell: (inv) => signed(inv, inv.totalCredits),
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
          aria-label={`PDF of ${TYPE_LABELS[inv.type].toLowerCase()} ${inv.number}`}
        >
          PDF
        </Button>
      ),
    },
  ];

  return (
    <PageContainer
      title="Invoices"
      subtitle="An invoice for every order you paid, a receipt for credits you bought and a credit note for every refund, each with a PDF."
    >
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
            An invoice appears here as soon as you pay for projects; a receipt when you buy credits.
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
  const sign = invoice.type === 'credit_note' ? -1 : 1;
  const lines: [string, number][] = [
    ['Subtotal', sign * invoice.subtotalCredits || 0],
    ['Discount', -sign * invoice.discountCredits || 0],
    ['VAT', sign * invoice.vatCredits || 0],
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
          {invoice.type === 'credit_note' ? 'Total credited' : 'Total'}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {signed(invoice, invoice.totalCredits)} ({invoice.totalCredits.toLocaleString('en-US')} credits
          {invoice.type === 'credit_note' ? ' back' : ''})
        </Typography>
      </Box>
    </Box>
  );
}
