import { Autocomplete } from '../../../ui/Autocomplete';
import { Field } from '../../../ui/Field';
import type { Language } from '@parlance/shared';

/** One language out of the registry's list, by slug. */
export function LanguagePicker({
  label,
  languages,
  value,
  onChange,
  error,
}: {
  label: string;
  languages: readonly Language[];
  value: string | null;
  onChange: (slug: string | null) => void;
  error?: string;
}) {
  return (
    <Autocomplete<Language>
      size="small"
      options={languages as Language[]}
      value={languages.find((l) => l.slug === value) ?? null}
      getOptionLabel={(l) => l.name}
      isOptionEqualToValue={(a, b) => a.slug === b.slug}
      onChange={(_, l) => onChange(l?.slug ?? null)}
      renderInput={(params) => <Field {...params} label={label} error={Boolean(error)} helperText={error} />}
      sx={{ flex: '1 1 200px', minWidth: 0 }}
    />
  );
}
