import { eq } from 'drizzle-orm';
import { type UpdateTextAnswer, ORDER_TEXTS } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { purchaseOrders } from '../../db/schema';
import { analyzeDocument } from '../../platform/documents';
import { badRequest } from '../../platform/errors';
import type { Asker } from './policy';
import { findOpenOrderFor } from './service';

// POST /wizard/updateText: the order's content as pasted text or a web page address, counted.

export interface UpdateTextInput {
  pid: string;
  text?: string;
  url?: string;
  entryType?: 'paste' | 'url';
}

/** A web page when `url` is sent or entryType is url; pasted text otherwise. */
function entryOf(input: UpdateTextInput): { entryType: 'paste' | 'url'; value: string } {
  if (input.url !== undefined && input.url.trim() !== '') return { entryType: 'url', value: input.url.trim() };
  const value = input.text ?? '';
  return {
    entryType: input.entryType === 'url' ? 'url' : 'paste',
    value: input.entryType === 'url' ? value.trim() : value,
  };
}

export async function updateText(deps: Services, asker: Asker, input: UpdateTextInput): Promise<UpdateTextAnswer> {
  const order = await findOpenOrderFor(deps.db, asker, input.pid);
  const { entryType, value } = entryOf(input);
  if (value.trim() === '') {
    throw badRequest(ORDER_TEXTS.wizardAttachFileOrText, { text: ORDER_TEXTS.wizardAttachFileOrText });
  }
  const analysis =
    entryType === 'url'
      ? await analyzeDocument(
          { kind: 'url', url: value },
          { fetch: { allowPrivate: deps.config.urlFetchAllowPrivate === true } },
        )
      : await analyzeDocument({ kind: 'text', text: value });
  const url = entryType === 'url' ? (analysis.url ?? value) : null;
  await deps.db
    .update(purchaseOrders)
    .set({
      entryType,
      pastedText: entryType === 'paste' ? value : null,
      url,
      wordCount: analysis.words,
      wordCountSource: entryType,
      updatedAt: deps.clock.now(),
    })
    .where(eq(purchaseOrders.id, order.id));
  return {
    status: 'OK',
    wordCount: analysis.words,
    characters: analysis.characters,
    entryType,
    url,
    needsManualCount: analysis.needsManualCount,
    ...(analysis.message ? { message: analysis.message } : {}),
  };
}
