import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense, useEffect } from 'react';
import { lazy } from '../../../ui/lazy';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../../ui/PageContainer';
import { useExpertises, useLanguages } from '../api';

// The forms are chunks of their own (with react-hook-form: the page's first load has no room for
// it); the word-count form loads beside the languages, the credits form when its tab opens.
const loadWordCountForm = () => import('../components/WordCountQuoteForm');
const WordCountQuoteForm = lazy(() => loadWordCountForm().then((m) => ({ default: m.WordCountQuoteForm })));
const CreditsQuoteForm = lazy(() =>
  import('../components/CreditsQuoteForm').then((m) => ({ default: m.CreditsQuoteForm })),
);

// The instant price quote (spec 1 section 2): open to guests; by word count or for buying credits.

const TABS = [
  { value: 'words', label: 'By word count' },
  { value: 'credits', label: 'Buy credits' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

function WordCountLoading() {
  return (
    <Stack sx={{ gap: 2.5 }} role="status" aria-busy="true" aria-label="Loading languages">
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Stack direction="row" sx={{ gap: 2.5 }}>
        <Skeleton variant="rounded" height={56} sx={{ flex: 1 }} />
        <Skeleton variant="rounded" height={56} sx={{ flex: 1 }} />
      </Stack>
    </Stack>
  );
}

function CreditsLoading() {
  return (
    <Stack sx={{ gap: 2.5 }} role="status" aria-busy="true" aria-label="Loading">
      <Skeleton variant="rounded" height={56} sx={{ maxWidth: 360 }} />
      <Skeleton variant="rounded" height={42} width={140} />
    </Stack>
  );
}

function WordCountTab() {
  const languages = useLanguages();
  const expertises = useExpertises();
  useEffect(() => void loadWordCountForm(), []);
  if (languages.isPending || expertises.isPending) return <WordCountLoading />;
  if (languages.isError || expertises.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              void languages.refetch();
              void expertises.refetch();
            }}
          >
            Try again
          </Button>
        }
      >
        We could not load the languages. Please try again.
      </Alert>
    );
  }
  if (languages.data.length === 0) return <Alert severity="info">No languages are offered at the moment.</Alert>;
  return (
    <Suspense fallback={<WordCountLoading />}>
      <WordCountQuoteForm languages={languages.data} expertises={expertises.data} />
    </Suspense>
  );
}

export default function QuotePage() {
  const [params, setParams] = useSearchParams();
  const tab: TabValue = params.get('tab') === 'credits' ? 'credits' : 'words';
  return (
    <PageContainer
      title="Instant price quote"
      subtitle="See what your translation costs, or price a purchase of credits. No account needed."
    >
      <Paper variant="outlined" sx={{ maxWidth: 760 }}>
        <Tabs
          value={tab}
          onChange={(_e, value: TabValue) => setParams(value === 'words' ? {} : { tab: value }, { replace: true })}
          aria-label="Quote type"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {TABS.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              label={t.label}
              id={`quote-tab-${t.value}`}
              aria-controls="quote-panel"
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id="quote-panel" aria-labelledby={`quote-tab-${tab}`} sx={{ p: { xs: 2, sm: 3 } }}>
          {tab === 'words' ? (
            <WordCountTab />
          ) : (
            <Suspense fallback={<CreditsLoading />}>
              <CreditsQuoteForm />
            </Suspense>
          )}
        </Box>
      </Paper>
    </PageContainer>
  );
}
