import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type InvoiceSummary, TEXTS } from '@parlance/shared';
import { Fragment, useState } from 'react';
import { PageContainer } from '../../../ui/PageContainer';
import { INVOICES_PER_PAGE, invoicePdfUrl, useInvoices } from '../api';

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
        <Paper variant="outlined" sx={{ overflowX: 'auto', position: 'relative' }}>
          {invoices.isFetching && (
            <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
          )}
          <Table size="small" aria-label="Invoices">
            <TableHead>
              <TableRow>
                <TableCell>Invoice</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Date</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>For</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell align="right">PDF</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows === null
                ? [0, 1, 2].map((i) => (
                    <TableRow key={i}>
                      <TableCell colSpan={5}>
                        <Skeleton height={24} />
                      </TableCell>
                    </TableRow>
                  ))
                : rows.map((inv) => (
                    <Fragment key={inv.id}>
                      <TableRow data-testid="invoice-row" hover>
                        <TableCell>
                          <Button
                            size="small"
                            onClick={() => setOpenId(openId === inv.id ? null : inv.id)}
                            aria-expanded={openId === inv.id}
                            sx={{ ml: -1, fontWeight: 600, whiteSpace: 'nowrap' }}
                          >
                            {inv.number}
                          </Button>
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            sx={{ display: { xs: 'block', sm: 'none' } }}
                          >
                            {dateFormat.format(new Date(inv.date))}
                          </Typography>
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>
                          {dateFormat.format(new Date(inv.date))}
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                          <Chip size="small" variant="outlined" label={KIND_LABELS[inv.kind]} />
                        </TableCell>
                        <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                          {usd(inv.totalCredits)}
                        </TableCell>
                        <TableCell align="right">
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
                        </TableCell>
                      </TableRow>
                      <TableRow>
                        <TableCell colSpan={5} sx={{ py: 0, borderBottom: openId === inv.id ? undefined : 'none' }}>
                          <Collapse in={openId === inv.id} unmountOnExit>
                            <InvoiceDetail invoice={inv} />
                          </Collapse>
                        </TableCell>
                      </TableRow>
                    </Fragment>
                  ))}
            </TableBody>
          </Table>
          <TablePagination
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
    <Box sx={{ py: 2, maxWidth: 360 }} data-testid="invoice-detail">
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
