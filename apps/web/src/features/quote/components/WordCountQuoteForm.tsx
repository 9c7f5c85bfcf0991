import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { LanguagePicker } from '../../../ui/LanguagePicker';
import { SelectField } from '../../../ui/SelectField';
import { type Expertise, type Language, PATHS, type PriceQuoteResults, QUOTE_TEXTS } from '@parlance/shared';
import { Controller, type Path, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { fieldErrorsOf, useWordCountQuote } from '../api';
import { DigitsField } from '../../../ui/DigitsField';
import { QuoteSummary } from './QuoteSummary';

// The quote by word count: source, targets, words, expertise and editing (spec 1 sections 3 and 5).

interface WordCountValues {
  source_language: string;
  target_languages: string[];
  word_count: string;
  expertise: string;
  editing: boolean;
}

const FIELDS: readonly Path<WordCountValues>[] = ['source_language', 'target_languages', 'word_count', 'expertise'];

export function WordCountQuoteForm({ languages, expertises }: { languages: Language[]; expertises: Expertise[] }) {
  const quote = useWordCountQuote();
  const { control, handleSubmit, setError, clearErrors, formState, watch, getValues, setValue } =
    useForm<WordCountValues>({
      mode: 'onSubmit',
      reValidateMode: 'onSubmit',
      defaultValues: { source_language: '', target_languages: [], word_count: '', expertise: '', editing: false },
    });
  const source = watch('source_language');
  const bySlug = new Map(languages.map((l) => [l.slug, l]));

  const submit = handleSubmit(async (values) => {
    try {
      await quote.mutateAsync({ ...values, expertise: values.expertise || null });
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
        const name = FIELDS.find((f) => f === field);
        if (name) setError(name, { message });
      }
    }
  });
  const failure = quote.error && Object.keys(fieldErrorsOf(quote.error)).length === 0 ? quote.error.message : null;

  return (
    <Stack sx={{ gap: 3 }}>
      <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2.5 }} aria-label="Quote by word count">
        <Controller
          name="source_language"
          control={control}
          rules={{ required: QUOTE_TEXTS.required }}
          render={({ field, fieldState }) => (
            <LanguagePicker
              label="Translate from"
              required
              options={languages}
              value={bySlug.get(field.value) ?? null}
              onChange={(l) => {
                clearErrors('source_language');
                field.onChange(l?.slug ?? '');
                // a language is never translated into itself
                const targets = getValues('target_languages');
                if (l && targets.includes(l.slug)) {
                  setValue(
                    'target_languages',
                    targets.filter((t) => t !== l.slug),
                  );
                }
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <Controller
          name="target_languages"
          control={control}
          rules={{ validate: (v) => v.length > 0 || QUOTE_TEXTS.required }}
          render={({ field, fieldState }) => (
            <LanguagePicker
              multiple
              label="Translate to"
              required
              options={languages.filter((l) => l.slug !== source)}
              value={field.value.map((s) => bySlug.get(s)).filter((l): l is Language => l !== undefined)}
              onChange={(list) => {
                clearErrors('target_languages');
                field.onChange(list.map((l) => l.slug));
              }}
              onBlur={field.onBlur}
              filterSelectedOptions
              inputRef={field.ref}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? 'Choose one or more languages'}
            />
          )}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2.5 }}>
          <Controller
            name="word_count"
            control={control}
            rules={{
              required: QUOTE_TEXTS.required,
              validate: (v) => Number(v) > 0 || QUOTE_TEXTS.positive,
            }}
            render={({ field, fieldState }) => (
              <DigitsField
                ref={field.ref}
                name={field.name}
                label="Word count"
                unit="words"
                required
                fullWidth
                value={field.value}
                onBlur={field.onBlur}
                onValueChange={(v) => {
                  clearErrors('word_count');
                  field.onChange(v);
                }}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <Controller
            name="expertise"
            control={control}
            render={({ field, fieldState }) => (
              <SelectField
                fullWidth
                label="Expertise"
                inputRef={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(e) => {
                  clearErrors('expertise');
                  field.onChange(e.target.value);
                }}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{ inputLabel: { shrink: true } }}
              >
                <option value="">Any (general)</option>
                {expertises.map((e) => (
                  <option key={e.slug} value={e.slug}>
                    {e.name}
                  </option>
                ))}
              </SelectField>
            )}
          />
        </Stack>
        <Controller
          name="editing"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label="Add editing by a second linguist (Translation + Editing)"
            />
          )}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <div>
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
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
