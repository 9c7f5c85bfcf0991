import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { LanguagePicker } from '../../../ui/LanguagePicker';
import Typography from '@mui/material/Typography';
import { type Language, ORDER_TEXTS } from '@parlance/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { availableTargetsQuery, fieldErrorsOf, messageOf, updateOrder, useLanguages } from '../api';
import { StepActions } from './StepActions';
import type { StepProps } from './step-props';

// Step 2: the language of the content, then the languages to translate into (those the server
// offers for that source).

export function LanguagesStep({ order, onNext, onBack, onFinishLater, nextLabel }: StepProps) {
  const languages = useLanguages();
  const [source, setSource] = useState(order.source_language ?? '');
  const [targets, setTargets] = useState<string[]>(order.target_languages);
  const [errors, setErrors] = useState<{ source?: string; targets?: string; other?: string }>({});
  const [busy, setBusy] = useState(false);
  const available = useQuery(availableTargetsQuery(source));
  const bySlug = new Map((languages.data ?? []).map((l) => [l.slug, l]));

  async function next(e: React.FormEvent) {
    e.preventDefault();
    const found = {
      source: source ? undefined : ORDER_TEXTS.wizardSelectSourceLanguage,
      targets: targets.length > 0 ? undefined : ORDER_TEXTS.wizardSelectTargetLanguages,
    };
    setErrors(found);
    if (found.source || found.targets) return;
    setBusy(true);
    try {
      onNext(await updateOrder(order.pid, { source_language: source, target_languages: targets, step: 'expertise' }));
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors({
        source: fields.source_language,
        targets: fields.target_languages,
        other: fields.source_language || fields.target_languages ? undefined : messageOf(err),
      });
    } finally {
      setBusy(false);
    }
  }

  if (languages.isError)
    return <Alert severity="error">We could not load the languages. Please reload the page.</Alert>;

  return (
    <Box component="form" noValidate onSubmit={next} aria-label="Languages">
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Which languages?
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Choose the language of your content, then one or more languages to translate it into.
      </Typography>
      <Stack sx={{ gap: 3, maxWidth: 640 }}>
        <LanguagePicker
          label="Translate from"
          required
          options={languages.data ?? []}
          loading={languages.isPending}
          value={bySlug.get(source) ?? null}
          onChange={(l) => {
            setSource(l?.slug ?? '');
            setTargets((t) => t.filter((s) => s !== l?.slug));
            setErrors((x) => ({ ...x, source: undefined }));
          }}
          error={!!errors.source}
          helperText={errors.source}
        />
        <LanguagePicker
          multiple
          label="Translate to"
          required
          disabled={!source}
          options={available.data ?? []}
          loading={available.isFetching}
          filterSelectedOptions
          value={targets.map((s) => bySlug.get(s)).filter((l): l is Language => l !== undefined)}
          onChange={(list) => {
            setTargets(list.map((l) => l.slug));
            setErrors((x) => ({ ...x, targets: undefined }));
          }}
          error={!!errors.targets}
          helperText={errors.targets ?? (source ? 'Choose one or more languages' : 'Choose the source language first')}
        />
        {errors.other && <Alert severity="error">{errors.other}</Alert>}
      </Stack>
      <StepActions onBack={onBack} onFinishLater={onFinishLater} busy={busy} nextLabel={nextLabel} />
    </Box>
  );
}
