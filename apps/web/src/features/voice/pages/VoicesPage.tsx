import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { PATHS, VOICE_LIMITS, VOICE_TEXTS, type Voice } from '@parlance/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { countryName } from '../../../ui/format';
import { PageContainer } from '../../../ui/PageContainer';
import { toast } from '../../../ui/toast';
import { useNames } from '../../../ui/use-names';
import { languageOptions } from '../../../ui/language-options';
import { messageOf, usePreferVoice, type VoiceFilter, voicesQuery } from '../api';
import { TablePager } from '../../../ui/TablePager';

// /voice (spec 1 §2, customer navigation "Voices"): the voice-over samples of translators who offer
// Voice-over, by language, each with a player. Ordering from a voice makes it one of the customer's
// preferred translators (their projects are offered to it first) and opens the order wizard.

export default function VoicesPage() {
  const names = useNames();
  const [filter, setFilter] = useState<VoiceFilter>({ language: '', page: 1, perPage: VOICE_LIMITS.perPageOptions[0] });
  const voices = useQuery(voicesQuery(filter));
  const rows = voices.data?.data;

  return (
    <PageContainer
      title="Voices"
      subtitle="Listen to our translators' voice-over samples and order a voice-over from the voice you like."
    >
      <SelectField
        label="Language"
        value={filter.language}
        onChange={(e) => setFilter({ ...filter, language: e.target.value, page: 1 })}
        sx={{ width: { xs: '100%', sm: 320 }, mb: 3 }}
      >
        {languageOptions(names.languages)}
      </SelectField>

      {voices.isError && !rows && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void voices.refetch()}>
              Try again
            </Button>
          }
        >
          {VOICE_TEXTS.listFailed}: {messageOf(voices.error)}
        </Alert>
      )}

      <Box
        component="ul"
        aria-label="Voices"
        aria-busy={voices.isFetching || undefined}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {voices.isPending &&
          [0, 1, 2].map((n) => (
            <li key={n}>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Skeleton width="60%" height={28} />
                <Skeleton width="40%" />
                <Skeleton variant="rounded" height={40} sx={{ mt: 1 }} />
              </Paper>
            </li>
          ))}
        {rows?.map((voice) => (
          <VoiceCard key={voice.id} voice={voice} />
        ))}
      </Box>

      {rows && rows.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">
            {filter.language ? VOICE_TEXTS.noVoices : VOICE_TEXTS.noVoicesAtAll}
          </Typography>
        </Paper>
      )}

      {voices.data && voices.data.totalCount > 0 && (
        <TablePager
          component="div"
          count={voices.data.totalCount}
          page={filter.page - 1}
          rowsPerPage={filter.perPage}
          rowsPerPageOptions={[...VOICE_LIMITS.perPageOptions]}
          onPageChange={(_, page) => setFilter({ ...filter, page: page + 1 })}
          onRowsPerPageChange={(e) => setFilter({ ...filter, page: 1, perPage: Number(e.target.value) })}
          labelRowsPerPage="Voices per page:"
          sx={{ mt: 2 }}
        />
      )}
    </PageContainer>
  );
}

function VoiceCard({ voice }: { voice: Voice }) {
  const prefer = usePreferVoice();
  const navigate = useNavigate();
  const headingId = `voice-${voice.id}-name`;

  async function order() {
    try {
      if (!voice.preferred) await prefer.mutateAsync(voice.translatorId);
      toast(`${voice.name} is one of your preferred translators: your next order is offered to them first.`, {
        variant: 'success',
      });
      navigate(PATHS.wizard);
    } catch (err) {
      toast(messageOf(err), { variant: 'error' });
    }
  }

  return (
    <Box component="li" aria-labelledby={headingId} data-testid={`voice-${voice.id}`}>
      <Paper variant="outlined" sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <div>
            <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {voice.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {countryName(voice.country)}
            </Typography>
          </div>
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <Chip size="small" label={voice.language.name} />
            {voice.preferred && <Chip size="small" color="success" variant="outlined" label="Preferred" />}
          </Stack>
        </Stack>
        {/* biome-ignore lint/a11y/useMediaCaption: a voice sample has no captions; the name and language label it */}
        <audio
          controls
          preload="none"
          src={voice.sampleUrl}
          aria-label={`Voice sample of ${voice.name} in ${voice.language.name}`}
          style={{ width: '100%' }}
        />
        <Box sx={{ mt: 'auto' }}>
          <Button
            variant="contained"
            onClick={() => void order()}
            disabled={prefer.isPending}
            aria-label={`Order a voice-over from ${voice.name}`}
          >
            Order a voice-over
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
