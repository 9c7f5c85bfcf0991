import { useQuery } from '@tanstack/react-query';
import { expertisesQuery, languagesQuery } from '../app/reference-data';

/**
 * Display names of language and expertise slugs, for every screen: the registry's name, '—' for no
 * language, and 'General' for no expertise (the wizard's name for it). Until both lists have loaded
 * `ready` is false: a screen shows its loading state then rather than a slug ("american-english"),
 * which is an id, not a word for a person. The slug stays the answer only for one the registry does
 * not know.
 */
export function useNames() {
  const { data: languages } = useQuery(languagesQuery);
  const { data: expertises } = useQuery(expertisesQuery);
  return {
    ready: languages !== undefined && expertises !== undefined,
    languages: languages ?? [],
    expertises: expertises ?? [],
    language: (slug: string | null | undefined) =>
      slug ? (languages?.find((l) => l.slug === slug)?.name ?? slug) : '—',
    expertise: (slug: string | null | undefined) =>
      slug ? (expertises?.find((e) => e.slug === slug)?.name ?? slug) : 'General',
  };
}
