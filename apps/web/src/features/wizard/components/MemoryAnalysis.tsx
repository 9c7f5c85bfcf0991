import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MATCH_BANDS, type MatchAnalysis, type PriceQuoteResults, WORKBENCH_TEXTS } from '@parlance/shared';
import { useId } from 'react';
import { useLanguages } from '../api';

// The quote's translation-memory analysis: how many words of the order's files the customer's
// memory already holds, by match band, one column per target language with a memory (as Smartcat
// and Phrase show it). It informs only; the price counts every word.

const words = (n: number) => n.toLocaleString('en-US');

export function MemoryAnalysis({ quote }: { quote: PriceQuoteResults | undefined }) {
  const languages = useLanguages();
  const titleId = useId();
  if (!quote?.analysis) return null;
  const nameOf = (slug: string) => languages.data?.find((l) => l.slug === slug)?.name ?? slug;
  const columns = quote.payment_information.translationItems.flatMap((item) =>
    item.analysis ? [{ label: nameOf(item.tarLang.slug), analysis: item.analysis }] : [],
  );
  // one target: a single column of words; several: one column each
  const shown: { label: string; analysis: MatchAnalysis }[] =
    columns.length > 1 ? columns : [{ label: WORKBENCH_TEXTS.analysisWords, analysis: quote.analysis }];
  const wordsIn = (analysis: MatchAnalysis, key: string) => analysis.bands.find((b) => b.key === key)?.words ?? 0;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mb: 3 }} data-testid="memory-analysis">
      <Typography id={titleId} component="h3" sx={{ fontWeight: 600 }}>
        {WORKBENCH_TEXTS.analysisTitle}
        {columns.length === 1 ? ` (${columns[0].label})` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {WORKBENCH_TEXTS.analysisNote}
      </Typography>
      <Table size="small" aria-labelledby={titleId} sx={{ width: 'auto', minWidth: { xs: '100%', sm: 320 } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {WORKBENCH_TEXTS.analysisBand}
            </TableCell>
            {shown.map((column) => (
              <TableCell key={column.label} component="th" scope="col" align="right">
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {MATCH_BANDS.map((band) => (
            <TableRow key={band.key} data-band={band.key}>
              <TableCell component="th" scope="row">
                {band.label}
              </TableCell>
              {shown.map((column) => (
                <TableCell key={column.label} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {words(wordsIn(column.analysis, band.key))}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow data-band="total">
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {WORKBENCH_TEXTS.analysisTotal}
            </TableCell>
            {shown.map((column) => (
              <TableCell key={column.label} align="right" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {words(column.analysis.totalWords)}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}
