import { http } from '../app/http';
import { startDownload } from './download';

// The resource viewer (spec 1 §2, §7): GET /api/2/resources/{id} answers a short-lived signed
// download_url and the file's mime type; PDFs show in a frame, images as images, anything else
// offers its download. Shared by the customer's and the translator's project screens.

/** The query key of a resource's signed link. */
export const resourceKeys = {
  one: (id: string | null) => ['resource', id] as const,
};

export interface Resource {
  download_url: string;
  file_mime: string;
}

export function fetchResource(id: string, signal?: AbortSignal): Promise<Resource> {
  return http.get<Resource>(`/api/2/resources/${encodeURIComponent(id)}`, signal);
}

/** Whether the viewer can show a file of this type (else it only offers the download). */
export function isViewable(mime: string): boolean {
  return mime === 'application/pdf' || mime.startsWith('image/');
}

/** Downloads a resource: asks for a fresh signed link, then lets the browser save it. */
export async function downloadResource(id: string, fileName = ''): Promise<void> {
  const r = await fetchResource(id);
  startDownload(r.download_url, fileName);
}
