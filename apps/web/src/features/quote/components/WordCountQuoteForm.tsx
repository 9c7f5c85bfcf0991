import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { LanguagePicker } from '../../../ui/LanguagePicker';
import { SelectField } from '../../../ui/SelectField';
import { type Expertise, type Language, PATHS, type PriceQuoteResults, QUOTE_TEXTS } from '@parlance/shared';
import { Link as RouterLink } from 'react-router';
import { fieldErrorsOf, useWordCountQuote } from '../api';
import { DigitsField } from '../../../ui/DigitsField';
import { useQuoteForm } from '../use-quote-form';
import { QuoteSummary } from './QuoteSummary';

// The quote by word count: source, targets, words, expertise and editing (spec 1 sections 3 and 5).

interface WordCountValues {
  source_language: string;
  target_languages: string[];
  word_count: string;
  expertise: string;
  editing: boolean;
}

type FieldName = Exclude<keyof WordCountValues, 'editing'>;
const FIELDS: readonly FieldName[] = ['source_language', 'target_languages', 'word_count', 'expertise'];

export function WordCountQuoteForm({ languages, expertises }: { languages: Language[]; expertises: Expertise[] }) {
  const quote = useWordCountQuote();
  const { values, errors, submitting, setValue, setError, clearError, inputRef, handleSubmit } =
    useQuoteForm<WordCountValues>(
      { source_language: '', target_languages: [], word_count: '', expertise: '', editing: false },
      {
        source_language: (v) => (v ? null : QUOTE_TEXTS.required),
        target_languages: (v) => (v.length > 0 ? null : QUOTE_TEXTS.required),
        word_count: (v) => (!v ? QUOTE_TEXTS.required : Number(v) > 0 ? null : QUOTE_TEXTS.positive),
      },
    );
  const source = values.source_language;
  const bySlug = new Map(languages.map((l) => [l.slug, l]));

  const submit = handleSubmit(async (values) => {
    try {
      await quote.mutateAsync({ ...values, expertise: values.expertise || null });
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
        const name = FIELDS.find((f) => f === field);
        if (name) setError(name, message);
      }
    }
  });
  const failure = quote.error && Object.keys(fieldErrorsOf(quote.error)).length === 0 ? quote.error.message : null;

  return (
    <Stack sx={{ gap: 3 }}>
      <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2.5 }} aria-label="Quote by word count">
        <LanguagePicker
          label="Translate from"
          required
          options={languages}
          value={bySlug.get(values.source_language) ?? null}
          onChange={(l) => {
            clearError('source_language');
            setValue('source_language', l?.slug ?? '');
            // a language is never translated into itself
            const targets = values.target_languages;
            if (l && targets.includes(l.slug)) {
              setValue(
                'target_languages',
                targets.filter((t) => t !== l.slug),
              );
            }
          }}
          inputRef={inputRef('source_language')}
          error={!!errors.source_language}
          helperText={errors.source_language}
        />
        <LanguagePicker
          multiple
          label="Translate to"
          required
          options={languages.filter((l) => l.slug !== source)}
          value={values.target_languages.map((s) => bySlug.get(s)).filter((l): l is Language => l !== undefined)}
          onChange={(list) => {
            clearError('target_languages');
            setValue(
              'target_languages',
              list.map((l) => l.slug),
            );
          }}
          filterSelectedOptions
          inputRef={inputRef('target_languages')}
          error={!!errors.target_languages}
          helperText={errors.target_languages ?? 'Choose one or more languages'}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2.5 }}>
          <DigitsField
            ref={inputRef('word_count')}
            name="word_count"
            label="Word count"
            unit="words"
            required
            fullWidth
            value={values.word_count}
            onValueChange={(v) => {
              clearError('word_count');
              setValue('word_count', v);
            }}
            error={!!errors.word_count}
            helperText={errors.word_count}
          />
          <SelectField
            fullWidth
            label="Expertise"
            inputRef={inputRef('expertise')}
            name="expertise"
            value={values.expertise}
            onChange={(e) => {
              clearError('expertise');
              setValue('expertise', e.target.value);
            }}
            error={!!errors.expertise}
            helperText={errors.expertise}
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
          control={<Checkbox checked={values.editing} onChange={(e) => setValue('editing', e.target.checked)} />}
          label="Add editing by a second linguist (Translation + Editing)"
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <div>
          <Button type="submit" variant="contained" size="large" loading={submitting}>
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
