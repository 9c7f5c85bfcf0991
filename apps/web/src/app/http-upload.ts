import { CSRF_HEADER, TEXTS } from '@parlance/shared';
import { bodyMessage, HttpError, loadCsrfToken, resetCsrfToken } from './http';

// Uploads that report their progress, which fetch cannot: XMLHttpRequest on the same terms as
// app/http.ts (the session's CSRF token, one retry with a fresh token when the server refuses a stale
// one, errors as HttpError with the server's message). Kept out of http.ts so the entry chunk does
// not carry it; only the pages that upload import it.

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** called with 0..1 as the body goes out */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function send<T>(path: string, data: FormData, token: string | null, opts: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    const abort = () => xhr.abort();
    opts.signal?.addEventListener('abort', abort, { once: true });
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onerror = () =>
      reject(new HttpError(0, 'The upload failed. Please check your connection and try again.', null));
    xhr.onload = () => {
      opts.signal?.removeEventListener('abort', abort);
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new HttpError(xhr.status, bodyMessage(body) ?? `${xhr.status} ${xhr.statusText}`, body));
    };
    xhr.send(data);
  });
}

/** A multipart upload with progress, through the one CSRF path of app/http.ts. */
export async function uploadWithProgress<T>(path: string, data: FormData, opts: UploadOptions = {}): Promise<T> {
  try {
    return await send<T>(path, data, await loadCsrfToken(), opts);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 403 || error.message !== TEXTS.csrfInvalid) throw error;
    resetCsrfToken();
    return send<T>(path, data, await loadCsrfToken(), opts);
  }
}
