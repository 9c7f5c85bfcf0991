import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import FilterListIcon from '@mui/icons-material/FilterList';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import { languageOptions } from '../../../ui/language-options';
import { PROJECT_STATUS_FILTERS, PROJECT_STATUS_LABELS, type ProjectStatusFilter } from '@parlance/shared';
import { useEffect, useState } from 'react';
import { useProjectTags } from '../api';
import { useNames } from '../../../ui/use-names';

export interface Filters {
  id: string;
  status: ProjectStatusFilter;
  tag: string;
  sourceLanguage: string;
  targetLanguage: string;
  expertise: string;
}

export const NO_FILTERS: Filters = {
  id: '',
  status: 'ALL',
  tag: '',
  sourceLanguage: '',
  targetLanguage: '',
  expertise: '',
};

/** How many filters are set (the phone's "Filters (n)"). */
export function filtersInUse(f: Filters): number {
  return (Object.keys(NO_FILTERS) as (keyof Filters)[]).filter((k) => f[k] !== NO_FILTERS[k]).length;
}

export function hasFilters(f: Filters): boolean {
  return filtersInUse(f) > 0;
}

/** The filter values' labels (spec 1 §3): PENDING reads Pending Linguist, READY Translation Received. */
export function statusFilterLabel(v: ProjectStatusFilter): string {
  return v === 'ALL' ? 'All statuses' : PROJECT_STATUS_LABELS[v];
}

interface ProjectFiltersProps {
  value: Filters;
  onChange: (next: Filters) => void;
}

/**
 * The customer list's filters: ID (digits only), status, tag, languages and expertise. The lists are
 * native selects, as on the statement: the phone's own picker and keyboard type-ahead, and nothing
 * to load or lay out before the list can show.
 */
export function ProjectFilters({ value, onChange }: ProjectFiltersProps) {
  const names = useNames();
  // On a phone the seven fields filled the first screen above the list: they fold behind a
  // "Filters" button there (with the number in use), and are not built until it is pressed.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [unfolded, setUnfolded] = useState(false);
  // the ID is typed: it reaches the address (and the server) after a short pause
  const [id, setId] = useState(value.id);
  useEffect(() => setId(value.id), [value.id]);
  useEffect(() => {
    if (id === value.id) return;
    const t = setTimeout(() => onChange({ ...value, id }), 400);
    return () => clearTimeout(t);
  }, [id, value, onChange]);

  const set = <K extends keyof Filters>(k: K, v: Filters[K]) => onChange({ ...value, [k]: v });
  const inUse = filtersInUse(value);

  if (phone && !unfolded)
    return (
      <Box role="search" aria-label="Filter projects" sx={{ display: 'flex', gap: 1, mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={<FilterListIcon />}
          aria-expanded={false}
          onClick={() => setUnfolded(true)}
        >
          {inUse ? `Filters (${inUse})` : 'Filters'}
        </Button>
        {inUse > 0 && <Button onClick={() => onChange(NO_FILTERS)}>Clear filters</Button>}
      </Box>
    );

  return (
    <Box
      role="search"
      aria-label="Filter projects"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: 'repeat(auto-fill, minmax(165px, 1fr))',
        alignItems: 'center',
        mb: 2,
        '& > button': { justifySelf: 'start' },
      }}
    >
      <Field
        size="small"
        label="ID"
        // unfolded on a phone: the button that was pressed is gone, the first field takes the focus
        autoFocus={phone && unfolded}
        value={id}
        onChange={(e) => setId(e.target.value.replace(/\D/g, '').slice(0, 10))}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <SelectField
        size="small"
        label="Status"
        value={value.status}
        onChange={(e) => set('status', e.target.value as ProjectStatusFilter)}
      >
        {PROJECT_STATUS_FILTERS.map((s) => (
          <option key={s} value={s}>
            {statusFilterLabel(s)}
          </option>
        ))}
      </SelectField>
      <TagFilter value={value.tag} onChange={(tag) => set('tag', tag)} />
      {(['sourceLanguage', 'targetLanguage'] as const).map((field) => (
        <SelectField
          key={field}
          size="small"
          label={field === 'sourceLanguage' ? 'Source language' : 'Target language'}
          value={names.languages.some((l) => l.slug === value[field]) ? value[field] : ''}
          onChange={(e) => set(field, e.target.value)}
        >
          {languageOptions(names.languages)}
        </SelectField>
      ))}
      <SelectField
        size="small"
        label="Expertise"
        value={names.expertises.some((e) => e.slug === value.expertise) ? value.expertise : ''}
        onChange={(e) => set('expertise', e.target.value)}
      >
        <option value="">Any expertise</option>
        {names.expertises.map((e) => (
          <option key={e.slug} value={e.slug}>
            {e.name}
          </option>
        ))}
      </SelectField>
      <Button onClick={() => onChange(NO_FILTERS)} disabled={!hasFilters(value)} sx={{ whiteSpace: 'nowrap' }}>
        Clear filters
      </Button>
    </Box>
  );
}

/**
 * The tag filter, a component of its own: the customer's tags arrive after the page has drawn, and
 * only this field is drawn again for them.
 */
function TagFilter({ value, onChange }: { value: string; onChange: (tag: string) => void }) {
  const tags = useProjectTags();
  // a tag named by the address is kept while the tags load (or after its last project lost it)
  const options = value && !tags.data?.includes(value) ? [value, ...(tags.data ?? [])] : (tags.data ?? []);
  return (
    <SelectField size="small" label="Tag" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">All tags</option>
      {options.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </SelectField>
  );
}
