import { Autocomplete } from '../../../ui/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Field } from '../../../ui/Field';
import { useQuery } from '@tanstack/react-query';
import { type Language, LM_TEXTS } from '@parlance/shared';
import { useEffect, useState } from 'react';
import { languagesQuery } from '../../../app/reference-data';
import { DEFAULT_DATE_FILTER } from '../date-range';
import type { FilterState } from '../filters';
import { LanguageName } from './LanguageName';
import { DateFilterButton } from './DateFilterButton';

const CLIENT_DEBOUNCE_MS = 600;

/** 'ID or E-mail', Source and Target languages ('Select language'), the date range and 'Clear all'. */
export function DashboardFilters({
  state,
  onChange,
}: {
  state: FilterState;
  onChange: (next: Partial<FilterState>) => void;
}) {
  const languages = useQuery(languagesQuery).data ?? [];
  const [client, setClient] = useState(state.client);
  useEffect(() => setClient(state.client), [state.client]);
  useEffect(() => {
    if (client.trim() === state.client) return;
    const timer = setTimeout(() => onChange({ client }), CLIENT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [client, state.client, onChange]);

  const picked = (ids: number[]) => languages.filter((l) => ids.includes(l.id));
  const languageSelect = (label: string, ids: number[], key: 'sources' | 'targets') => (
    <Autocomplete<Language, true>
      multiple
      size="small"
      options={languages}
      value={picked(ids)}
      getOptionLabel={(l) => l.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, value) => onChange({ [key]: value.map((l) => l.id) })}
      renderOption={({ key: optionKey, ...props }, l) => (
        <li key={optionKey} {...props}>
          <LanguageName language={l} />
        </li>
      )}
      renderInput={(params) => (
        <Field {...params} label={label} placeholder={ids.length ? undefined : LM_TEXTS.selectLanguage} />
      )}
      sx={{ minWidth: 220, flex: '1 1 220px' }}
    />
  );

  return (
    <Box
      component="section"
      aria-label="Filters"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 3 }}
    >
      <Field
        size="small"
        label={LM_TEXTS.clientFilter}
        value={client}
        onChange={(e) => setClient(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange({ client });
        }}
        sx={{ flex: '1 1 180px', minWidth: 180 }}
      />
      {languageSelect(LM_TEXTS.sourceLanguages, state.sources, 'sources')}
      {languageSelect(LM_TEXTS.targetLanguages, state.targets, 'targets')}
      <DateFilterButton value={state.date} onChange={(date) => onChange({ date })} />
      <Button
        onClick={() => {
          setClient('');
          onChange({ sources: [], targets: [], client: '', date: DEFAULT_DATE_FILTER });
        }}
      >
        {LM_TEXTS.clearAll}
      </Button>
    </Box>
  );
}
