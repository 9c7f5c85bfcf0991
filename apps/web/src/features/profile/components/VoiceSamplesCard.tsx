import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { VOICE_LIMITS, VOICE_TEXTS } from '@parlance/shared';
import { type ChangeEvent, useState } from 'react';
import { formatBytes } from '../../../ui/format';
import { toast } from '../../../ui/toast';
import { useNames } from '../../../ui/use-names';
import { messageOf } from '../api';
import { useDeleteVoiceSample, useUploadVoiceSample, voiceSamplesQuery } from '../translator-api';
import { SectionState } from './SectionCard';

// Voice-over samples (software and services): one audio sample per language the translator voices;
// customers hear them at /voice.

export function VoiceSamplesCard() {
  const samples = useQuery(voiceSamplesQuery);
  const names = useNames();
  const upload = useUploadVoiceSample();
  const remove = useDeleteVoiceSample();
  const [language, setLanguage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!language) return setError(VOICE_TEXTS.languageRequired);
    if (!(VOICE_LIMITS.extensions as readonly string[]).includes(ext)) return setError(VOICE_TEXTS.wrongType);
    if (file.size > VOICE_LIMITS.maxBytes) return setError(VOICE_TEXTS.tooBig);
    setError(null);
    try {
      await upload.mutateAsync({ language, file });
      toast(VOICE_TEXTS.sampleAdded, { variant: 'success' });
    } catch (err) {
      setError(messageOf(err, 'The upload failed.'));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="voice-samples-title" sx={{ p: 2, mt: 3 }}>
      <Typography id="voice-samples-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Voice-over samples
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        One sample per language ({VOICE_LIMITS.extensions.join(', ').toUpperCase()}, up to 10 MB). Customers hear it on
        the Voices page and can order a voice-over from you.
      </Typography>
      <SectionState loading={samples.isPending} error={samples.error} />
      {samples.data?.length === 0 && <Typography sx={{ mb: 2 }}>No samples yet.</Typography>}
      {samples.data && samples.data.length > 0 && (
        <Stack
          component="ul"
          aria-label="Your voice samples"
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}
        >
          {samples.data.map((s) => (
            <Box component="li" key={s.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Box sx={{ minWidth: 140, flex: '1 1 140px' }}>
                <Typography sx={{ fontWeight: 600 }}>{s.language.name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  {s.fileName} · {formatBytes(s.size)}
                </Typography>
              </Box>
              {/* biome-ignore lint/a11y/useMediaCaption: a voice sample has no captions; its label names it */}
              <audio
                controls
                preload="none"
                src={s.sampleUrl}
                aria-label={`Your ${s.language.name} voice sample`}
                style={{ flex: '2 1 240px', maxWidth: '100%' }}
              />
              <IconButton
                aria-label={`Remove the ${s.language.name} sample`}
                disabled={remove.isPending}
                onClick={() =>
                  void remove
                    .mutateAsync(s.id)
                    .then(() => toast(VOICE_TEXTS.sampleRemoved))
                    .catch((err) => toast(messageOf(err, 'Could not remove.'), { variant: 'error' }))
                }
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
        </Stack>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <SelectField
          label="Language of the sample"
          value={language}
          onChange={(e) => {
            setLanguage(e.target.value);
            setError(null);
          }}
          size="small"
          sx={{ minWidth: 240 }}
        >
          {names.languages.map((l) => (
            <option key={l.slug} value={l.slug}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <Button component="label" variant="outlined" startIcon={<UploadIcon />} disabled={upload.isPending}>
          Add a sample
          <input
            hidden
            type="file"
            data-testid="voice-sample-input"
            accept={VOICE_LIMITS.extensions.map((e) => `.${e}`).join(',')}
            onChange={(e) => void onFile(e)}
          />
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </Paper>
  );
}
