import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { LM_LIMITS, LM_TEXTS, type LmCapacityRow } from '@parlance/shared';
import { useState } from 'react';
import { type DashboardFilters, useCapacity } from '../api';
import { LanguageName } from './LanguageName';
import { Pager } from './Pager';

const RISK: Record<LmCapacityRow['risk'], { label: string; color: 'error' | 'warning' | 'success' }> = {
  high: { label: 'At risk', color: 'error' },
  medium: { label: 'Tight', color: 'warning' },
  low: { label: 'Covered', color: 'success' },
};

const words = (n: number) => n.toLocaleString('en-US');

/** Open and waiting words per language pair against the translators available today and their pace. */
export function CapacityTable({ filters }: { filters: DashboardFilters }) {
  const [page, setPage] = useState(1);
  const query = useCapacity(filters, page);
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  return (
    <Box component="section" aria-labelledby="lm-capacity" sx={{ mt: 5 }}>
      <Typography id="lm-capacity" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {LM_TEXTS.capacityTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Open words waiting for a translator against the translators available today and the words each pair delivered in
        the last {LM_LIMITS.throughputDays} days. A pair is at risk when nobody can take its work or its open words need
        more than {LM_LIMITS.riskDays} days at that pace.
      </Typography>
      {query.isPending ? (
        <Skeleton variant="rounded" height={160} aria-label="Loading" />
      ) : query.isError ? (
        <Alert severity="error">{query.error.message}</Alert>
      ) : query.data.totalCount === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{LM_TEXTS.empty}</Typography>
        </Paper>
      ) : narrow ? (
        <div>
          <Box
            component="ul"
            aria-label={LM_TEXTS.capacityTitle}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
          >
            {query.data.data.map((r) => (
              <Paper
                component="li"
                variant="outlined"
                key={`${r.source_language?.id}-${r.target_language?.id}`}
                sx={{ p: 2 }}
              >
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start', mb: 1 }}>
                  <Box sx={{ display: 'grid', gap: 0.5 }}>
                    <LanguageName language={r.source_language} />
                    <span>
                      → <LanguageName language={r.target_language} />
                    </span>
                  </Box>
                  <Chip size="small" variant="outlined" color={RISK[r.risk].color} label={RISK[r.risk].label} />
                </Box>
                <Box
                  component="dl"
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: '1fr auto',
                    rowGap: 0.25,
                    columnGap: 2,
                    m: 0,
                    fontSize: 14,
                  }}
                >
                  {[
                    ['Open words', `${words(r.openWords)} (${r.openProjects} projects)`],
                    ['Waiting > 8 h', words(r.waitingWords)],
                    ['In progress', words(r.inProgressWords)],
                    ['Available translators', `${r.availableTranslators} (${r.availableEditors} editors)`],
                    ['Words a day (30 days)', r.wordsPerDay === null ? '—' : words(r.wordsPerDay)],
                    ['Days to clear', r.daysToClear === null ? 'never' : String(r.daysToClear)],
                  ].map(([label, value]) => (
                    <Box key={label} sx={{ display: 'contents' }}>
                      <Box component="dt" sx={{ color: 'text.secondary' }}>
                        {label}
                      </Box>
                      <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
                        {value}
                      </Box>
                    </Box>
                  ))}
                </Box>
              </Paper>
            ))}
          </Box>
          <Pager
            page={page}
            totalCount={query.data.totalCount}
            pageSize={LM_LIMITS.capacityPageSize}
            onPage={setPage}
          />
        </div>
      ) : (
        <Paper variant="outlined">
          <TableContainer tabIndex={0} role="region" aria-label={`${LM_TEXTS.capacityTitle}, scrollable`}>
            <Table
              size="small"
              aria-label={LM_TEXTS.capacityTitle}
              sx={{ '& th, & td': { px: 1 }, '& td:not(:first-of-type)': { whiteSpace: 'nowrap' } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>Language pair</TableCell>
                  <TableCell>Risk</TableCell>
                  <TableCell align="right">Open projects</TableCell>
                  <TableCell align="right">Open words</TableCell>
                  <TableCell align="right">Waiting &gt; 8 h</TableCell>
                  <TableCell align="right">In progress</TableCell>
                  <TableCell align="right">Available translators</TableCell>
                  <TableCell align="right">Words a day (30 days)</TableCell>
                  <TableCell align="right">Days to clear</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {query.data.data.map((r) => (
                  <TableRow key={`${r.source_language?.id}-${r.target_language?.id}`}>
                    {/* the pair may wrap after its arrow: the figures beside it keep the room they need */}
                    <TableCell sx={{ minWidth: 160 }}>
                      <LanguageName language={r.source_language} /> → <LanguageName language={r.target_language} />
                    </TableCell>
                    <TableCell>
                      <Chip size="small" variant="outlined" color={RISK[r.risk].color} label={RISK[r.risk].label} />
                    </TableCell>
                    <TableCell align="right">{r.openProjects}</TableCell>
                    <TableCell align="right">{words(r.openWords)}</TableCell>
                    <TableCell align="right">{words(r.waitingWords)}</TableCell>
                    <TableCell align="right">{words(r.inProgressWords)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {r.availableTranslators}
                      {r.availableEditors > 0 && (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {' '}
                          ({r.availableEditors} {r.availableEditors === 1 ? 'editor' : 'editors'})
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">{r.wordsPerDay === null ? '—' : words(r.wordsPerDay)}</TableCell>
                    <TableCell align="right">{r.daysToClear === null ? 'never' : r.daysToClear}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Pager
            page={page}
            totalCount={query.data.totalCount}
            pageSize={LM_LIMITS.capacityPageSize}
            onPage={setPage}
          />
        </Paper>
      )}
    </Box>
  );
}
