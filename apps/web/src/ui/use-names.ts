import { useQuery } from '@tanstack/react-query';
import { expertisesQuery, languagesQuery } from '../app/reference-data';

/**
 * Display names of language and expertise slugs, for every screen: the registry's name, the slug
 * itself until the lists have loaded or when the registry does not know it, '—' for no language,
 * and 'General' for no expertise (the wizard's name for it).
 */
export function useNames() {
  const { data: languages } = useQuery(languagesQuery);
  const { data: expertises } = useQuery(expertisesQuery);
  return {
    languages: languages ?? [],
    expertises: expertises ?? [],
    language: (slug: string | null | undefined) =>
      slug ? (languages?.find((l) => l.slug === slug)?.name ?? slug) : '—',
    expertise: (slug: string | null | undefined) =>
      slug ? (expertises?.find((e) => e.slug === slug)?.name ?? slug) : 'General',
  };
}
