import { LM_DATE_PRESETS, type LmDatePreset } from '@parlance/shared';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DashboardFilters } from './api';
import { DEFAULT_DATE_FILTER, type DateFilter, rangeOf } from './date-range';

// The dashboard's filters live in the address (?src=1,2&tgt=3&client=...&date=month), so that a tile
// opens its table with the same filters and a link can be shared.

const PRESETS = new Set<string>([...LM_DATE_PRESETS.map((p) => p.key), 'custom']);

function ids(text: string | null): number[] {
  return (text ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

export interface FilterState {
  sources: number[];
  targets: number[];
  client: string;
  date: DateFilter;
}

export function useFilterState() {
  const [search, setSearch] = useSearchParams();
  const state: FilterState = useMemo(() => {
    const preset = search.get('date') ?? '';
    return {
      sources: ids(search.get('src')),
      targets: ids(search.get('tgt')),
      client: search.get('client') ?? '',
      date: PRESETS.has(preset)
        ? { preset: preset as LmDatePreset, from: search.get('from') ?? '', to: search.get('to') ?? '' }
        : DEFAULT_DATE_FILTER,
    };
  }, [search]);

  const update = (next: Partial<FilterState>) => {
    const merged = { ...state, ...next };
    const q = new URLSearchParams(search);
    const put = (k: string, v: string) => (v ? q.set(k, v) : q.delete(k));
    put('src', merged.sources.join(','));
    put('tgt', merged.targets.join(','));
    put('client', merged.client.trim());
    put('date', merged.date.preset === DEFAULT_DATE_FILTER.preset ? '' : merged.date.preset);
    put('from', merged.date.preset === 'custom' ? merged.date.from : '');
    put('to', merged.date.preset === 'custom' ? merged.date.to : '');
    q.delete('page');
    setSearch(q, { replace: true });
  };

  const range = useMemo(() => rangeOf(state.date, new Date()), [state.date]);
  const filters: DashboardFilters = useMemo(
    () => ({ sources: state.sources, targets: state.targets, client: state.client, from: range.from, to: range.to }),
    [state.sources, state.targets, state.client, range],
  );
  return { state, update, filters, search };
}
