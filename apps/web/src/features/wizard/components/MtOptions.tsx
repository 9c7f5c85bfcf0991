import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import { MT_FORMALITY, type MtAvailableParams, type MtPairChoice } from '@parlance/shared';
import { useLanguages } from '../api';
import { fitToEngine, type MtChoices } from '../mt-choices';

// The machine-translation options of an MT plan, per target language: the engine, formal or
// informal address (for languages that have it) and the customer's glossary.

const FORMALITY_LABELS: Record<(typeof MT_FORMALITY)[number], string> = {
  default: 'Engine default',
  formal: 'Formal',
  informal: 'Informal',
};

interface MtOptionsProps {
  params: MtAvailableParams | undefined;
  loading: boolean;
  failed: boolean;
  choices: MtChoices;
  onChange: (choices: MtChoices) => void;
}

export function MtOptions({ params, loading, failed, choices, onChange }: MtOptionsProps) {
  const languages = useLanguages();
  const nameOf = (slug: string) => languages.data?.find((l) => l.slug === slug)?.name ?? slug;

  if (failed) return <Alert severity="warning">We could not load the machine-translation options.</Alert>;
  if (loading || !params) return <Skeleton variant="rounded" height={96} />;
  if (!params.available || params.pairs.length === 0) return null;

  function set(target: string, change: Partial<MtPairChoice>) {
    const current = choices[target];
    if (current) onChange({ ...choices, [target]: { ...current, ...change } });
  }

  return (
    <Box component="section" aria-label="Machine translation options" sx={{ mt: 3 }}>
      <Typography sx={{ fontWeight: 600, mb: 0.5 }}>Machine translation options</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Choose the engine for each language, and the form of address where the language has one.
      </Typography>
      <Stack sx={{ gap: 1.5 }}>
        {params.pairs.map((pair) => {
          const choice = choices[pair.target_language];
          if (!choice) return null;
          const engine = pair.engines.find((e) => e.slug === choice.engine);
          const language = nameOf(pair.target_language);
          return (
            <Paper
              key={pair.target_language}
              variant="outlined"
              sx={{ p: 2 }}
              data-testid={`mt-${pair.target_language}`}
            >
              <Typography sx={{ fontWeight: 600, mb: 1.5 }}>
                {nameOf(pair.source_language)} → {language}
              </Typography>
              <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: { md: 'center' } }}>
                <SelectField
                  size="small"
                  label={`Engine for ${language}`}
                  value={choice.engine}
                  onChange={(e) => {
                    const next = pair.engines.find((x) => x.slug === e.target.value);
                    set(pair.target_language, fitToEngine({ ...choice, engine: e.target.value }, next));
                  }}
                  sx={{ minWidth: 260 }}
                >
                  {pair.engines.map((e) => (
                    <option key={e.slug} value={e.slug}>
                      {e.name}
                    </option>
                  ))}
                </SelectField>
                {engine?.formality && (
                  <SelectField
                    size="small"
                    label={`Form of address in ${language}`}
                    value={choice.formality}
                    onChange={(e) =>
                      set(pair.target_language, { formality: e.target.value as MtPairChoice['formality'] })
                    }
                    sx={{ minWidth: 200 }}
                  >
                    {MT_FORMALITY.map((f) => (
                      <option key={f} value={f}>
                        {FORMALITY_LABELS[f]}
                      </option>
                    ))}
                  </SelectField>
                )}
                {engine?.glossary && (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={choice.glossary}
                        onChange={(e) => set(pair.target_language, { glossary: e.target.checked })}
                      />
                    }
                    label="Use my glossary"
                  />
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}
