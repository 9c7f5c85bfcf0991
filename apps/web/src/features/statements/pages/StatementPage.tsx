import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import { languageOptions } from '../../../ui/language-options';
import Typography from '@mui/material/Typography';
import {
  type CreditActionType,
  CURRENCY_SYMBOLS,
  STATEMENT_LIMITS,
  STATEMENT_TEXTS,
  type StatementRow,
  TEXTS,
} from '@parlance/shared';
import { useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../../../app/current-user';
import { AppLink } from '../../../ui/AppLink';
import { OnDemand } from '../../../ui/OnDemand';
import { PageContainer } from '../../../ui/PageContainer';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { useNames } from '../../../ui/use-names';
import { type StatementView, useAccountTags, useCreditActionTypes, useStatement } from '../api';
import { TablePager } from '../../../ui/TablePager';

// the e-mail form (a dialog with react-hook-form and zod) loads when first opened
const EmailStatementDialog = lazy(() =>
  import('../components/EmailStatementDialog').then((m) => ({ default: m.EmailStatementDialog })),
);
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const credits = (n: number) => n.toLocaleString('en-US');
const usd = (v: string) =>
  `${v.startsWith('-') ? '-' : ''}$${Math.abs(Number(v)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function defaultView(): StatementView {
  const now = new Date();
  const from = new Date(now.getTime() - 30 * 86_400_000);
  return {
    from: isoDay(from),
    to: isoDay(now),
    type: '',
    sourceLang: '',
    targetLang: '',
    tag: '',
    page: 1,
    limit: STATEMENT_LIMITS.defaultPageSize,
    sortBy: 'date',
    sortDirection: 'desc',
  };
}

/** /customer-statement and /statement: the account's lines from the ledger with the balance after each. */
export default function StatementPage() {
  const translator = useLocation().pathname.startsWith('/statement');
  const [view, setView] = useState<StatementView>(defaultView);
  const statement = useStatement(view);
  const types = useCreditActionTypes();
  // tags are the customer's labels on their projects: the translator's statement has none
  const tags = useAccountTags(!translator);
  const { languages } = useNames();
  const set = (next: Partial<StatementView>) => setView((v) => ({ ...v, page: 1, ...next }));
  const rangeMissing = view.from === '' || view.to === '';
  const rangeBackwards = !rangeMissing && view.from > view.to;
  const rows = statement.data?.data ?? null;
  const [mailing, setMailing] = useState(false);
  const { data: user } = useCurrentUser();

  const sortBy = (column: StatementView['sortBy']) =>
    set({
      sortBy: column,
      sortDirection: view.sortBy === column && view.sortDirection === 'desc' ? 'asc' : 'desc',
    });

  return (
    <PageContainer
      title="Statement"
      subtitle={
        statement.data
          ? `Balance now: ${credits(statement.data.balance)} credits${translator ? ' available' : ''}`
          : ' '
      }
    >
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
        <SelectField
          size="small"
          label="Action type"
          value={view.type}
          onChange={(e) => set({ type: e.target.value as CreditActionType | '' })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          <option value="">All actions</option>
          {(types.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
        {(['sourceLang', 'targetLang'] as const).map((field) => (
          <SelectField
            key={field}
            size="small"
            label={field === 'sourceLang' ? 'Source language' : 'Target language'}
            value={view[field]}
            onChange={(e) => set({ [field]: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ minWidth: 180 }}
          >
            {languageOptions(languages)}
          </SelectField>
        ))}
        {!translator && (
          <SelectField
            size="small"
            label="Tag"
            value={view.tag}
            onChange={(e) => set({ tag: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ minWidth: 140 }}
          >
            <option value="">All tags</option>
            {(tags.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
        )}
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          startIcon={<ForwardToInboxOutlined />}
          onClick={() => setMailing(true)}
          disabled={rangeMissing || rangeBackwards}
        >
          Email statement
        </Button>
      </Box>
      {user && (
        <OnDemand when={mailing}>
          <EmailStatementDialog
            open={mailing}
            onClose={() => setMailing(false)}
            view={view}
            defaultEmail={user.email}
          />
        </OnDemand>
      )}

      {rangeMissing || rangeBackwards ? (
        <Alert severity="info">{rangeMissing ? STATEMENT_TEXTS.pickDates : STATEMENT_TEXTS.dateOrder}</Alert>
      ) : statement.error && !statement.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => statement.refetch()}>
              {TEXTS.retry}
            </Button>
          }
        >
          {statement.error.message}
        </Alert>
      ) : rows && statement.data?.totalCount === 0 ? (
        <Paper
          variant="outlined"
          sx={{ py: 6, px: 3, textAlign: 'center', color: 'text.secondary', borderStyle: 'dashed' }}
        >
          <ReceiptLongOutlined sx={{ fontSize: 40, color: 'action.active' }} />
          <Typography component="p" sx={{ color: 'text.primary', fontWeight: 600, mt: 1 }}>
            {STATEMENT_TEXTS.empty}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            Pick a wider range or fewer filters.
          </Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden', position: 'relative', p: { xs: 1, md: 0 } }}>
          {statement.isFetching && (
            <LinearProgress aria-label="Loading" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
          )}
          <ResponsiveTable
            rows={rows ?? []}
            columns={columnsIn(statement.data?.currency ?? user?.currency ?? 'USD')}
            rowKey={(r) => r.id}
            label="Statement"
            loading={rows === null}
            placeholderRows={4}
            cardsBelow="md"
            sort={view.sortBy}
            order={view.sortDirection}
            onSort={(column) => sortBy(column as StatementView['sortBy'])}
            rowProps={() => ({ 'data-testid': 'statement-row' })}
          />
          <TablePager
            component="div"
            count={statement.data?.totalCountIsLowerBound ? -1 : (statement.data?.totalCount ?? 0)}
            labelDisplayedRows={({ from, to }) =>
              `${from}–${to} of ${
                statement.data?.totalCountIsLowerBound
                  ? `more than ${statement.data.totalCount.toLocaleString('en-US')}`
                  : (statement.data?.totalCount ?? 0)
              }`
            }
            page={view.page - 1}
            onPageChange={(_, next) => setView((v) => ({ ...v, page: next + 1 }))}
            rowsPerPage={view.limit}
            rowsPerPageOptions={[...STATEMENT_LIMITS.pageSizeOptions]}
            onRowsPerPageChange={(e) => set({ limit: Number(e.target.value) })}
          />
        </Paper>
      )}
    </PageContainer>
  );
}

const right = { whiteSpace: 'nowrap' } as const;

/** The user's currency as a symbol for the balance column (the code when there is no symbol). */
const money = (currency: string) => (v: string) =>
  `${v.startsWith('-') ? '-' : ''}${CURRENCY_SYMBOLS[currency] ?? `${currency} `}${Math.abs(Number(v)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The columns; the balance in the user's currency is labelled with its code (USD, EUR, NIS ...). */
const columnsIn = (currency: string): ListColumn<StatementRow>[] =>
  COLUMNS.map((c) =>
    c.key === 'usd'
      ? { ...c, header: `Balance (${currency})`, cell: (row: StatementRow) => money(currency)(row.currencyBalance) }
      : c,
  );

const COLUMNS: ListColumn<StatementRow>[] = [
  {
    key: 'date',
    header: 'Date',
    sort: 'date',
    sx: { whiteSpace: 'nowrap', color: 'text.secondary' },
    cell: (row) => dateFormat.format(new Date(row.date)),
  },
  {
    key: 'action',
    header: 'Action',
    card: 'title',
    sx: { minWidth: 220 },
    cell: (row) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.actionLabel}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 400 }}>
          {row.projectId ? <AppLink href={`/project/${row.projectId}`}>{row.description}</AppLink> : row.description}
        </Typography>
      </>
    ),
  },
  {
    key: 'amount',
    header: 'Amount (credits)',
    sort: 'amount',
    align: 'right',
    cell: (row) => (
      <Box component="span" sx={{ ...right, color: row.amount < 0 ? 'error.dark' : 'success.dark' }}>
        {row.amount > 0 ? '+' : ''}
        {credits(row.amount)}
      </Box>
    ),
  },
  { key: 'value', header: 'Estimated value', align: 'right', sx: right, cell: (row) => usd(row.estimatedValue) },
  {
    key: 'balance',
    header: 'Balance (credits)',
    align: 'right',
    sx: { ...right, fontWeight: 600 },
    cell: (row) => credits(row.balance),
  },
  { key: 'usd', header: 'Balance (USD)', align: 'right', sx: right, cell: (row) => usd(row.currencyBalance) },
  {
    key: 'words',
    header: 'Words',
    align: 'right',
    cell: (row) => (row.wordcount === null ? '–' : credits(row.wordcount)),
  },
];
