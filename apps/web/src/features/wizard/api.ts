import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  FileUploadedAnswer,
  Language,
  MtAvailableParams,
  MtPairChoice,
  PriceQuoteResults,
  ProjectNote,
  PurchaseOrder,
  PurchaseOrderFile,
  UiFeature,
  UpdateTextAnswer,
} from '@parlance/shared';
import { languagesQuery, expertisesQuery, priceListQuery } from '../../app/reference-data';
import { HttpError, http, request } from '../../app/http';
import { wizardKeys } from './keys';
import { registryKeys } from '../../app/current-user';
import { profileKeys } from '../profile/keys';

export { languagesQuery, expertisesQuery, priceListQuery };

// The wizard's calls: the purchase order on the server (create, update, read), its content (files,
// pasted text, a web page), the brief, the plans' prices and the way to the cart.
// See ADR 0023.

export function orderQuery(pid: string) {
  return queryOptions({
    queryKey: wizardKeys.purchaseOrder(pid),
    queryFn: ({ signal }) =>
      http
        .get<{ results: PurchaseOrder }>(`/registry/get?data=PurchaseOrder&pid=${encodeURIComponent(pid)}`, signal)
        .then((b) => b.results),
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
  });
}

export function availableTargetsQuery(slug: string) {
  return queryOptions({
    queryKey: wizardKeys.targets(slug),
    queryFn: ({ signal }) =>
      http
        .get<{ results: Language[] }>(
          `/api/2/wizard/getavailablelanguagesBySlug?slug=${encodeURIComponent(slug)}`,
          signal,
        )
        .then((b) => b.results),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: slug !== '',
  });
}

export function useLanguages() {
  return useQuery(languagesQuery);
}
export function useExpertises() {
  return useQuery(expertisesQuery);
}
export function usePriceList() {
  return useQuery(priceListQuery);
}

export type OrderUpdate = {
  type?: string;
  name?: string;
  source_language?: string;
  target_languages?: string[];
  expertise?: string;
  needProofreading?: boolean;
  materialsOption?: string;
  entryType?: string;
  wordCount?: number;
  step?: string;
  mtParams?: Record<string, MtPairChoice>;
};

export function createOrder(fields: OrderUpdate): Promise<PurchaseOrder> {
  return http.postJson<{ results: PurchaseOrder }>('/api/2/po', fields).then((b) => b.results);
}

/** POST /api/2/certificate/update: the certificate of translation accuracy on or off for an order. */
export function setCertificateOption(pid: string, value: boolean): Promise<PurchaseOrder> {
  return http
    .postForm<{ results: PurchaseOrder }>('/api/2/certificate/update', { pid, value: value ? '1' : '0' })
    .then((b) => b.results);
}

export function updateOrder(pid: string, fields: OrderUpdate): Promise<PurchaseOrder> {
  return http.postJson<{ results: PurchaseOrder }>(`/api/2/po/${pid}`, fields).then((b) => b.results);
}

export function uploadFiles(pid: string, files: File[]): Promise<FileUploadedAnswer> {
  const data = new FormData();
  data.append('pid', pid); // the server needs the pid before the files
  for (const f of files) data.append('file', f, f.name);
  return http.postMultipart<FileUploadedAnswer>('/ajax/filepicker/fileUploaded', data);
}

export function removeFile(pid: string, fileId: number): Promise<PurchaseOrder> {
  return request<{ results: PurchaseOrder }>(`/api/2/po/${pid}/files/${fileId}`, { method: 'DELETE' }).then(
    (b) => b.results,
  );
}

export function updateText(pid: string, entry: 'paste' | 'url', value: string): Promise<UpdateTextAnswer> {
  return http.postForm<UpdateTextAnswer>(
    '/wizard/updateText',
    entry === 'url' ? { pid, url: value, entryType: 'url' } : { pid, text: value, entryType: 'paste' },
  );
}

export function saveBrief(pid: string, note: string): Promise<PurchaseOrder> {
  return http.postForm<{ results: PurchaseOrder }>('/api/2/project/brief', { pid, note }).then((b) => b.results);
}

export function addReference(pid: string, files: File[]): Promise<PurchaseOrderFile[]> {
  const data = new FormData();
  data.append('context', 'reference');
  for (const f of files) data.append('file', f, f.name);
  return http
    .postMultipart<{ results: PurchaseOrderFile[] }>(`/api/2/projects/${pid}/addresource`, data)
    .then((b) => b.results);
}

export function quotePlan(order: PurchaseOrder, type: string): Promise<PriceQuoteResults> {
  return http
    .postJson<{ results: PriceQuoteResults }>('/api/2/wizard/pricequote', {
      quoteType: 'word_count',
      type,
      source_language: order.source_language,
      target_languages: order.target_languages,
      word_count: String(order.wordCount),
      expertise: order.expertise,
      // the order's files are analysed against the customer's translation memory
      pid: order.pid,
    })
    .then((b) => b.results);
}

export function finalizeOrder(pid: string): Promise<PurchaseOrder> {
  return http.postForm<{ results: PurchaseOrder }>('/api/2/wizard/finalize', { pid }).then((b) => b.results);
}

export function finishLater(pid: string, email: string, step: string): Promise<{ sent: boolean; email: string }> {
  return http
    .postForm<{ results: { sent: boolean; email: string } }>('/api/2/po/finish-later', { pid, email, step })
    .then((b) => b.results);
}

/** The customer's (or this browser's guest's) draft changed last, or null. */
export function openDraft(): Promise<PurchaseOrder | null> {
  return http.get<{ results: PurchaseOrder | null }>('/api/2/po/open').then((b) => b.results);
}

export function resumeOrder(pid: string, resume: string): Promise<PurchaseOrder> {
  return http.postForm<{ results: PurchaseOrder }>('/api/2/po/resume', { pid, resume }).then((b) => b.results);
}

export { fieldErrorsOf, messageOf } from '../../app/http';

/** Every UI feature flag; the wizard shows the steps whose flag is on (spec 1 section 7: cache unlimited). */
export const uiFeaturesQuery = queryOptions({
  queryKey: registryKeys.of('UiFeature'),
  queryFn: ({ signal }) =>
    http
      .get<{ results: UiFeature[] }>('/api/2/site/ui-feature/config/get?data=UiFeature', signal)
      .then((b) => b.results),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

export function useUiFeatures() {
  return useQuery(uiFeaturesQuery);
}

/** Machine-translation options per target language of an order (MT plans only). */
export function mtParamsQuery(pid: string, type: string, targets: readonly string[]) {
  return queryOptions({
    queryKey: wizardKeys.mtParams(pid, type, targets.join(',')),
    queryFn: ({ signal }) =>
      http
        .get<{ results: MtAvailableParams }>(
          `/api/2/wizard/mt-available-params?poid=${encodeURIComponent(pid)}`,
          signal,
        )
        .then((b) => b.results),
    staleTime: 60_000,
  });
}

export function saveTranslationCategory(pid: string, category: string): Promise<PurchaseOrder> {
  return http
    .postForm<{ results: PurchaseOrder }>('/api/2/project/translation-category', { pid, category })
    .then((b) => b.results);
}

/** The customer's saved project notes (GET /userService/getProjectNotesList), to use in the brief. */
export function projectNotesQuery(enabled: boolean) {
  return queryOptions({
    queryKey: profileKeys.of('notes'),
    queryFn: ({ signal }) =>
      http.get<{ status: 'OK'; list: ProjectNote[] }>('/userService/getProjectNotesList', signal).then((b) => b.list),
    enabled,
  });
}
