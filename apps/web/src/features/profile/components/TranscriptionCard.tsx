import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { PROFILE_EXTRA_TEXTS, transcriptionSkillInputSchema } from '@parlance/shared';
import { type FormEvent, useState } from 'react';
import { languagesQuery } from '../../../app/reference-data';
import { toast } from '../../../ui/toast';
import { fieldErrorsOf, messageOf } from '../api';
import { transcriptionQuery, useSetTranscriptionSkill } from '../extras-api';
import { SectionCard, SectionState } from './SectionCard';

// Transcription skill (setTranscriptionSkill): transcription projects in these languages are offered.

export function TranscriptionCard({ userId }: { userId: number }) {
  const skills = useQuery(transcriptionQuery);
  const langs = useQuery(languagesQuery);
  const set = useSetTranscriptionSkill(userId);
  const [lang, setLang] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = transcriptionSkillInputSchema.safeParse({ uid: userId, lang });
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? PROFILE_EXTRA_TEXTS.transcriptionLanguageRequired);
    try {
      await set.mutateAsync({ lang });
      setLang('');
      toast(PROFILE_EXTRA_TEXTS.transcriptionSaved, { variant: 'success' });
    } catch (err) {
      setError(fieldErrorsOf(err).lang ?? messageOf(err));
    }
  };
  const remove = async (slug: string) => {
    try {
      await set.mutateAsync({ lang: slug, cancel: true });
      toast(PROFILE_EXTRA_TEXTS.transcriptionRemoved, { variant: 'success' });
    } catch (err) {
      toast(messageOf(err), { variant: 'error' });
    }
  };

  return (
    <SectionCard
      title="Transcription"
      intro="Languages you transcribe from audio or video: transcription projects in them are offered to you."
    >
      <SectionState loading={skills.isPending || langs.isPending} error={skills.error ?? langs.error} />
      {skills.data && langs.data && (
        <Stack spacing={2}>
          {skills.data.languages.length === 0 ? (
            <Typography color="text.secondary">No transcription languages yet.</Typography>
          ) : (
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap' }}
              aria-label="Transcription languages"
            >
              {skills.data.languages.map((l) => (
                <Chip
                  key={l.slug}
                  label={l.name}
                  onDelete={() => void remove(l.slug)}
                  aria-label={`${l.name} (press Delete to remove)`}
                />
              ))}
            </Stack>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <form noValidate onSubmit={add} aria-label="Add a transcription language">
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
              <SelectField
                id="transcription-language"
                label="Transcription language"
                value={lang}
                onChange={(e) => setLang(e.target.value)}
                sx={{ minWidth: 240 }}
              >
                {langs.data.map((l) => (
                  <option key={l.id} value={l.slug}>
                    {l.name}
                  </option>
                ))}
              </SelectField>
              <Button type="submit" variant="outlined" disabled={set.isPending} sx={{ mt: { sm: 1 } }}>
                Add language
              </Button>
            </Stack>
          </form>
        </Stack>
      )}
    </SectionCard>
  );
}
