import type { PurchaseOrder, PurchaseOrderFile } from '@parlance/shared';
import type { purchaseOrderFiles } from '../../db/schema';
import type { OrderRow } from './policy';

// Allowlist serializers: the guest token hash, internal ids and storage ids never leave the server.

export type OrderFileRow = typeof purchaseOrderFiles.$inferSelect;

export function presentOrderFile(row: OrderFileRow): PurchaseOrderFile {
  return {
    id: row.id,
    fileName: row.fileName,
    mime: row.mime,
    sizeBytes: row.sizeBytes,
    words: row.words,
    context: row.context,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentOrder(order: OrderRow, files: OrderFileRow[]): PurchaseOrder {
  return {
    pid: order.key,
    status: order.status,
    isGuest: order.customerId === null,
    type: order.projectType,
    name: order.name,
    source_language: order.sourceLanguage,
    target_languages: order.targetLanguages,
    expertise: order.expertise,
    wordCount: order.wordCount,
    wordCountSource: order.wordCountSource,
    entryType: order.entryType,
    materialsOption: order.materialsOption,
    pastedText: order.pastedText,
    url: order.url,
    needProofreading: order.needProofreading,
    expedite: order.expedite,
    certificate: order.certificate,
    brief: order.brief,
    translationCategory: order.translationCategory,
    mtParams: order.mtParams,
    step: order.step,
    quotedCredits: order.quotedCredits,
    files: files.map(presentOrderFile),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}
