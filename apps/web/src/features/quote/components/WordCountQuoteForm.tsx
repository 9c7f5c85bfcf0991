import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { LanguagePicker } from '../../../ui/LanguagePicker';
import { SelectField } from '../../../ui/SelectField';
import { type Expertise, type Language, PATHS, type PriceQuoteResults } from '@parlance/shared';
import { Controller } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { fieldErrorsOf, useWordCountQuote } from '../api';
import { DigitsField } from '../../../ui/DigitsField';
import { useZodForm } from '../../../ui/zod-form';
import { QuoteSummary } from './QuoteSummary';

// The quote by word count: source, targets, words, expertise and editing (spec 1 sections 3 and 5).

const FIELDS = ['source_language', 'target_languages', 'word_count', 'expertise'] as const;
const loadSchema = () => import('../form-schemas').then((m) => m.wordCountQuoteSchema);

/** Checked when sent; then a field's message goes as it changes. A chunk of its own, with react-hook-form. */
export function WordCountQuoteForm({ languages, expertises }: { languages: Language[]; expertises: Expertise[] }) {
  const quote = useWordCountQuote();
  const { control, register, handleSubmit, watch, getValues, setValue, setError, formState } = useZodForm(loadSchema, {
    defaultValues: { source_language: '', target_languages: [], word_count: '', expertise: '', editing: false },
  });
  const { errors, isSubmitting } = formState;
  const source = watch('source_language') ?? '';
  const bySlug = new Map(languages.map((l) => [l.slug, l]));

  const submit = handleSubmit(async (values) => {
    try {
      await quote.mutateAsync({ ...values, expertise: values.expertise || null });
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
        const name = FIELDS.find((f) => f === field);
        if (name) setError(name, { type: 'server', message });
      }
    }
  });
  const failure = quote.error && Object.keys(fieldErrorsOf(quote.error)).length === 0 ? quote.error.message : null;

  return (
    <Stack sx={{ gap: 3 }}>
      <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2.5 }} aria-label="Quote by word count">
        <Controller
          control={control}
          name="source_language"
          render={({ field }) => (
            <LanguagePicker
              label="Translate from"
              required
              options={languages}
              value={bySlug.get(field.value as string) ?? null}
              onChange={(l) => {
                field.onChange(l?.slug ?? '');
                // a language is never translated into itself
                const targets = (getValues('target_languages') ?? []) as string[];
                if (l && targets.includes(l.slug)) {
                  setValue(
                    'target_languages',
                    targets.filter((t) => t !== l.slug),
                  );
                }
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!errors.source_language}
              helperText={errors.source_language?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="target_languages"
          render={({ field }) => (
            <LanguagePicker
              multiple
              label="Translate to"
              required
              options={languages.filter((l) => l.slug !== source)}
              value={((field.value ?? []) as string[])
                .map((s) => bySlug.get(s))
                .filter((l): l is Language => l !== undefined)}
              onChange={(list) => field.onChange(list.map((l) => l.slug))}
              onBlur={field.onBlur}
              filterSelectedOptions
              inputRef={field.ref}
              error={!!errors.target_languages}
              helperText={errors.target_languages?.message ?? 'Choose one or more languages'}
            />
          )}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2.5 }}>
          <Controller
            control={control}
            name="word_count"
            render={({ field }) => (
              <DigitsField
                ref={field.ref}
                name={field.name}
                label="Word count"
                unit="words"
                required
                fullWidth
                value={String(field.value ?? '')}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={!!errors.word_count}
                helperText={errors.word_count?.message}
              />
            )}
          />
          <SelectField
            fullWidth
            label="Expertise"
            {...register('expertise')}
            error={!!errors.expertise}
            helperText={errors.expertise?.message}
            slotProps={{ inputLabel: { shrink: true } }}
          >
            <option value="">Any (general)</option>
            {expertises.map((e) => (
              <option key={e.slug} value={e.slug}>
                {e.name}
              </option>
            ))}
          </SelectField>
        </Stack>
        <FormControlLabel
          control={
            <Controller
              control={control}
              name="editing"
              render={({ field }) => (
                <Checkbox
                  checked={!!field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref } }}
                />
              )}
            />
          }
          label="Add editing by a second linguist (Translation + Editing)"
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <div>
          <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
            Get a quote
          </Button>
        </div>
      </Stack>
      {quote.data && <WordCountResult quote={quote.data} languages={languages} />}
    </Stack>
  );
}

function WordCountResult({ quote, languages }: { quote: PriceQuoteResults; languages: Language[] }) {
  return (
    <QuoteSummary
      quote={quote}
      languages={languages}
      actions={
        <Button component={RouterLink} to={PATHS.wizard} variant="contained">
          Order now
        </Button>
      }
    />
  );
}
