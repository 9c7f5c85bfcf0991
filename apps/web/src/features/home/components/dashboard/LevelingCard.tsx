import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import PendingIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type AffectedProject,
  type DashboardAdditionalData,
  EXPERT_PROJECT_MIN_LEVEL,
  LEVELING_AFFECT_LABELS,
  type LevelingParam,
  type LevelingState,
} from '@parlance/shared';
import { Suspense, useState } from 'react';
import { lazy } from '../../../../ui/lazy';
import { affectValue } from './affect-value';

// the contest form loads when first opened
const ContestDialog = lazy(() => import('./ContestDialog').then((m) => ({ default: m.ContestDialog })));
import { formatShortDate, formatWords } from '../../../../ui/format';
import { useAffected } from '../../dashboard-api';
import { useDeferredAnswer } from '../../../../ui/use-deferred-answer';

function show(key: LevelingParam, value: number | null): string {
  if (value === null) return 'not measured';
  switch (key) {
    case 'rating':
      return `${value.toFixed(2)} ★`;
    case 'reviewScore':
      return `${value} / 1000`;
    case 'onTime':
      return `${value}%`;
    case 'volume':
      return `${formatWords(value)} words`;
    default:
      return String(value);
  }
}

function need(key: LevelingParam, threshold: number): string {
  return key === 'disputesLost' ? `at most ${threshold}` : `at least ${show(key, threshold)}`;
}

/**
 * The level, the five parameters behind it, the medals earned, and the projects pulling the level
 * down (with a contest button). The medals sit in this card, not above the cards: arriving with the
 * answer above the grid, they pushed every card down as the page loaded.
 */
export function LevelingBody({
  leveling,
  medals,
  translatorId,
}: {
  leveling: LevelingState;
  medals: DashboardAdditionalData['translator_info']['medals'];
  translatorId: number;
}) {
  const next = leveling.level < 5 ? leveling.level + 1 : null;
  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }}>
        <Typography sx={{ fontSize: '2rem', fontWeight: 700 }} data-testid="dash-level">
          Level {leveling.level}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          of 5 · over the last {leveling.windowDays} days
        </Typography>
      </Stack>
      {medals.length > 0 && (
        <Stack
          component="ul"
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, flexWrap: 'wrap' }}
          aria-label="Medals"
        >
          {medals.map((m) => (
            <li key={m.id}>
              <Chip label={m.label.split(':')[0]} title={m.label} color="secondary" variant="outlined" />
            </li>
          ))}
        </Stack>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {leveling.enoughEvidence
          ? `The formula gives level ${leveling.computedLevel} from ${leveling.completedProjects} projects completed in the last ${leveling.windowDays} days; the level is recomputed every 6 hours.`
          : `The level is computed once you have 3 completed projects in the window (${leveling.completedProjects} so far).`}
        {` Your level sets your share of each project's price${
          leveling.level >= EXPERT_PROJECT_MIN_LEVEL
            ? ' and opens urgent projects to you.'
            : `; urgent projects open at level ${EXPERT_PROJECT_MIN_LEVEL}.`
        }`}
        {next ? ` Level ${next} needs all five:` : ' The highest level.'}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}
        aria-label="Leveling parameters"
      >
        {leveling.params.map((p) => (
          <Box
            component="li"
            key={p.key}
            sx={{
              display: 'flex',
              gap: 1,
              alignItems: 'flex-start',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
            }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              {p.meetsNext ? (
                <CheckIcon fontSize="small" color="success" aria-label="met" />
              ) : (
                <PendingIcon fontSize="small" color="disabled" aria-label="not met yet" />
              )}
              <Typography variant="body2">
                {p.label}
                {p.key === 'volume' && ` (last ${leveling.windowDays} days)`}
              </Typography>
            </Stack>
            {/* pushed to the right edge also when it wraps under a long label (on a phone) */}
            <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right', ml: 'auto' }}>
              {show(p.key, p.value)}
              {p.nextThreshold !== null && (
                <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  level {next}: {need(p.key, p.nextThreshold)}
                </Typography>
              )}
            </Typography>
          </Box>
        ))}
      </Box>
      <AffectedProjects translatorId={translatorId} />
    </>
  );
}

function AffectedProjects({ translatorId }: { translatorId: number }) {
  const [page, setPage] = useState(1);
  const [contesting, setContesting] = useState<AffectedProject | null>(null);
  const { data, isPending, isError } = useDeferredAnswer(useAffected(translatorId, 'all', page));
  if (isError) return null;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / 5)) : 1;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Projects affecting your level
      </Typography>
      {isPending ? (
        <Typography variant="body2" color="text.secondary">
          Loading…
        </Typography>
      ) : !data || data.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing is lowering your level: no low ratings, low review scores, late deliveries or lost disputes.
        </Typography>
      ) : (
        <Stack
          component="ul"
          spacing={1}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label="Projects affecting your level"
        >
          {data.data.map((p) => (
            <Box
              component="li"
              key={`${p.attribute}:${p.entityId}`}
              data-testid="affected-row"
              sx={{
                display: 'flex',
                gap: 1,
                alignItems: 'center',
                justifyContent: 'space-between',
                flexWrap: 'wrap',
                borderTop: 1,
                borderColor: 'divider',
                pt: 1,
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {p.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {LEVELING_AFFECT_LABELS[p.attribute]} {affectValue(p)} · {formatShortDate(p.at)}
                </Typography>
              </Box>
              {p.contest ? (
                <Chip
                  size="small"
                  label={
                    p.contest.status === 'open'
                      ? 'Contested'
                      : p.contest.status === 'accepted'
                        ? 'Contest accepted'
                        : 'Contest rejected'
                  }
                  color={p.contest.status === 'accepted' ? 'success' : 'default'}
                />
              ) : (
                <Button size="small" variant="outlined" onClick={() => setContesting(p)}>
                  Contest
                </Button>
              )}
            </Box>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Pagination
          size="small"
          count={pages}
          page={page}
          onChange={(_e, p) => setPage(p)}
          sx={{ mt: 1 }}
          getItemAriaLabel={(type, p) => (type === 'page' ? `Affected projects page ${p}` : `Go to ${type} page`)}
        />
      )}
      {contesting && (
        <Suspense fallback={null}>
          <ContestDialog item={contesting} onClose={() => setContesting(null)} />
        </Suspense>
      )}
    </Box>
  );
}
