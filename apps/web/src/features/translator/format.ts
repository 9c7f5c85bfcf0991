import { useQuery } from '@tanstack/react-query';
import { expertisesQuery, languagesQuery } from '../../app/reference-data';

// Display helpers of the translator screens: language and expertise names from the registry (the
// slug until the lists have loaded), dates and word counts in one format.

export function useNames(): { language: (slug: string | null) => string; expertise: (slug: string | null) => string } {
  const { data: languages } = useQuery(languagesQuery);
  const { data: expertises } = useQuery(expertisesQuery);
  return {
    language: (slug) => (slug ? (languages?.find((l) => l.slug === slug)?.name ?? slug) : '—'),
    expertise: (slug) => (slug ? (expertises?.find((e) => e.slug === slug)?.name ?? slug) : 'General'),
  };
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dateTimeYear = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  // the year only when it is not this one: deadlines are days away
  return d.getFullYear() === new Date().getFullYear() ? dateTime.format(d) : dateTimeYear.format(d);
}

export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateOnly.format(d);
}

export function formatWords(n: number): string {
  return n.toLocaleString('en-US');
}

const regions = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

/** A country's English name from its ISO code. */
export function countryName(code: string | null): string {
  if (!code) return '—';
  try {
    return regions?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
