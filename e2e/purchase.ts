import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { csrfHeaders } from './fixtures';
import { openCreditsPage, payByCard } from './ordering-helpers';

/** A file to order the translation of: its name, type and bytes. */
export interface SourceFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

// Buying and ordering steps that several journeys take before the part they test.

const APPROVING_CARD = '4242 4242 4242 4242';

/** Buys `amount` credits on the credits page with the sandbox's approving card; waits for the thank-you page. */
export async function buyCreditsByCard(page: Page, amount: number): Promise<void> {
  await openCreditsPage(page, amount);
  await payByCard(page, APPROVING_CARD);
  await page.waitForURL('**/payment/thankyou/?payment=*');
}

/**
 * Puts an American English -> French (or `target`) translation of `wordCount` words in the cart through the
 * wizard's calls (the wizard's screens have their own tests), with the certificate option when
 * asked; answers the purchase order's pid.
 */
export async function putOrderInCart(
  request: APIRequestContext,
  name: string,
  wordCount: number,
  options: { certificate?: boolean; target?: string; file?: SourceFile } = {},
): Promise<string> {
  const headers = await csrfHeaders(request);
  const created = await request.post('/api/2/po', {
    headers,
    form: {
      name,
      source_language: 'american-english',
      'target_languages[]': options.target ?? 'french',
      expertise: 'general',
      ...(options.file
        ? { materialsOption: 'upload', entryType: 'file' }
        : { materialsOption: 'count', wordCount: String(wordCount) }),
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { pid } = ((await created.json()) as { results: { pid: string } }).results;
  if (options.file) {
    // as the wizard's file picker sends it: the pid first, then the file (its words are counted)
    const form = new FormData();
    form.append('pid', pid);
    form.append(
      'file',
      new Blob([new Uint8Array(options.file.buffer)], { type: options.file.mimeType }),
      options.file.name,
    );
    const uploaded = await request.post('/ajax/filepicker/fileUploaded', { headers, multipart: form });
    expect(uploaded.ok(), await uploaded.text()).toBeTruthy();
  }
  if (options.certificate) {
    const certified = await request.post('/api/2/certificate/update', { headers, form: { pid, value: 'true' } });
    expect(certified.ok(), await certified.text()).toBeTruthy();
  }
  const finalized = await request.post('/api/2/wizard/finalize', { headers, form: { pid } });
  expect(finalized.ok(), await finalized.text()).toBeTruthy();
  return pid;
}
