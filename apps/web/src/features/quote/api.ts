import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreditsQuote, PriceQuoteResults, WordCountQuote } from '@parlance/shared';
import { languagesQuery, expertisesQuery } from '../../app/reference-data';
import { http } from '../../app/http';

export { languagesQuery, expertisesQuery };

// The instant quote's calls: languages and expertises from the registry, and the price quote
// (POST /api/2/wizard/pricequote) for a word count or a purchase of credits.

export function useLanguages() {
  return useQuery(languagesQuery);
}

export function useExpertises() {
  return useQuery(expertisesQuery);
}

/** The quote calls take the shared schemas' values (the route reads numbers or digit strings). */
export type WordCountQuoteInput = WordCountQuote;
export type CreditsQuoteInput = CreditsQuote;

export function requestWordCountQuote(input: WordCountQuoteInput): Promise<PriceQuoteResults> {
  return http
    .postJson<{ results: PriceQuoteResults }>('/api/2/wizard/pricequote', { quoteType: 'word_count', ...input })
    .then((b) => b.results);
}

export function requestCreditsQuote(input: CreditsQuoteInput): Promise<PriceQuoteResults> {
  return http
    .postJson<{ results: PriceQuoteResults }>('/api/2/wizard/pricequote', { quoteType: 'purchase_credits', ...input })
    .then((b) => b.results);
}

export function useWordCountQuote() {
  return useMutation({ mutationFn: requestWordCountQuote });
}

export function useCreditsQuote() {
  return useMutation({ mutationFn: requestCreditsQuote });
}

export { fieldErrorsOf } from '../../app/http';
