import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import { PROJECT_LIMITS, PROJECT_STATUSES, PROJECT_STATUS_LABELS, type ProjectRow } from '@parlance/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { languagesQuery } from '../../../app/reference-data';
import { formatCredits } from '../../../ui/money';
import { PageContainer } from '../../../ui/PageContainer';
import { ProjectStatusChip } from '../../../ui/ProjectStatusChip';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { TextLink } from '../../../ui/TextLink';
import { type AdminProjectsFilter, useAdminProjects } from '../api';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { TablePager } from '../../../ui/TablePager';

// /my-projects for an admin: every project on the platform, filtered and paged
// by the server (GET /api/2/admin/projects).

const EMPTY: AdminProjectsFilter = {
  status: '',
  customer: '',
  translator: '',
  sourceLanguage: '',
  targetLanguage: '',
  dateFrom: '',
  dateTo: '',
};

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

export default function AdminProjectsPage() {
  const [filter, setFilter] = useState(EMPTY);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(PROJECT_LIMITS.rowsPerPageOptions[1]);
  const debounced = useDebouncedValue(filter, 300);
  const list = useAdminProjects(debounced, page, perPage);
  const languages = useQuery(languagesQuery);
  const languageName = (slug: string | null) =>
    (slug && languages.data?.find((l) => l.slug === slug)?.name) || slug || '—';
  const set = (key: keyof AdminProjectsFilter) => (e: { target: { value: string } }) => {
    setFilter((f) => ({ ...f, [key]: e.target.value }));
    setPage(1);
  };

  const columns: ListColumn<ProjectRow>[] = [
    { key: 'id', header: 'ID', cell: (p) => <TextLink href={`/project/${p.id}`}>#{p.id}</TextLink> },
    {
      key: 'name',
      header: 'Name',
      card: 'title',
      sx: { minWidth: 160, maxWidth: 260, overflowWrap: 'anywhere' },
      cell: (p) => (
        <>
          <Box sx={{ fontWeight: 600 }}>{p.name}</Box>
          <Typography variant="caption" color="text.secondary">
            {p.typeName}
          </Typography>
        </>
      ),
    },
    { key: 'customer', header: 'Customer', cell: (p) => p.customerName ?? '—' },
    { key: 'translator', header: 'Translator', cell: (p) => p.translatorName ?? '—' },
    {
      key: 'languages',
      header: 'Languages',
      cell: (p) => `${languageName(p.sourceLanguage)} → ${languageName(p.targetLanguage)}`,
    },
    {
      key: 'status',
      header: 'Status',
      card: 'end',
      cell: (p) => <ProjectStatusChip status={p.status} kind={p.kind} dense />,
    },
    {
      key: 'price',
      header: 'Price',
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      // review jobs and projects written without an order are not charged: no "0 credits" price
      cell: (p) =>
        p.priceCredits === undefined ? '—' : p.priceCredits === 0 ? 'Not charged' : formatCredits(p.priceCredits),
    },
    { key: 'ordered', header: 'Ordered', sx: { whiteSpace: 'nowrap' }, cell: (p) => dateTime(p.createdAt) },
    { key: 'deadline', header: 'Deadline', sx: { whiteSpace: 'nowrap' }, cell: (p) => dateTime(p.deadline) },
  ];

  const error = list.error?.message;
  return (
    <PageContainer title="All projects" subtitle="Every project on the platform, newest first.">
      <Box
        component="form"
        role="search"
        aria-label="Filter the projects"
        onSubmit={(e) => e.preventDefault()}
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
          gap: 1.5,
          mb: 2,
        }}
      >
        <Field
          size="small"
          label="Customer"
          placeholder="Name, e-mail or id"
          value={filter.customer}
          onChange={set('customer')}
        />
        <Field
          size="small"
          label="Translator"
          placeholder="Name, e-mail or id"
          value={filter.translator}
          onChange={set('translator')}
        />
        <SelectField
          size="small"
          label="Status"
          value={filter.status}
          onChange={set('status')}
          slotProps={{ inputLabel: { shrink: true } }}
        >
          <option value="">Any status</option>
          {PROJECT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PROJECT_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SelectField
          size="small"
          label="Source language"
          value={filter.sourceLanguage}
          onChange={set('sourceLanguage')}
          slotProps={{ inputLabel: { shrink: true } }}
        >
          <option value="">Any</option>
          {languages.data?.map((l) => (
            <option key={l.slug} value={l.slug}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          size="small"
          label="Target language"
          value={filter.targetLanguage}
          onChange={set('targetLanguage')}
          slotProps={{ inputLabel: { shrink: true } }}
        >
          <option value="">Any</option>
          {languages.data?.map((l) => (
            <option key={l.slug} value={l.slug}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <Field
          size="small"
          type="date"
          label="Ordered from"
          value={filter.dateFrom}
          onChange={set('dateFrom')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Field
          size="small"
          type="date"
          label="Ordered until"
          value={filter.dateTo}
          onChange={set('dateTo')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden', p: { xs: 1, sm: 0 } }}>
        {list.isPending || (list.data && list.data.data.length > 0) ? (
          <ResponsiveTable
            rows={list.data?.data ?? []}
            columns={columns}
            rowKey={(p) => p.id}
            label="All projects"
            loading={list.isFetching}
            rowProps={(p) => ({ 'data-project-id': p.id })}
            minWidth={980}
          />
        ) : (
          !error && (
            <Typography color="text.secondary" align="center" sx={{ py: 5 }}>
              No projects match these filters.
            </Typography>
          )
        )}
        {list.data && list.data.totalCount > 0 && (
          <TablePager
            component="div"
            count={list.data.totalCount}
            page={page - 1}
            rowsPerPage={perPage}
            rowsPerPageOptions={[...PROJECT_LIMITS.rowsPerPageOptions]}
            onPageChange={(_, p) => setPage(p + 1)}
            onRowsPerPageChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(1);
            }}
            labelRowsPerPage="Rows:"
            sx={{
              borderTop: 1,
              borderColor: 'divider',
              '& .MuiTablePagination-toolbar': { pl: 1, pr: 0 },
              '& .MuiTablePagination-actions': { ml: 1 },
              // a phone keeps the page numbers and arrows; the rows-per-page choice needs the room
              '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: { xs: 'none', sm: 'flex' } },
            }}
          />
        )}
      </Paper>
    </PageContainer>
  );
}
