import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import JSZip from 'jszip';
import type { App } from '../../platform/services';
import { purchaseOrderFiles, purchaseOrders } from '../../db/schema';
import { hashRequest } from '../../platform/ledger';
import { paragraph, run } from '../../platform/segments/test-documents';
import { computeCart } from '../cart/cart';
import { payCartWithCredits } from '../cart/pay-with-credits';

// Paid machine-translation orders with real files, for the queue's tests.

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** A minimal Word document of these paragraphs (each given as runs: run('text', '<w:b/>')). */
export async function smallDocx(paragraphs: string[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  zip.file(
    'word/document.xml',
    `${HEAD}<w:document xmlns:w="${W_NS}"><w:body>${paragraphs.map((p) => paragraph(p)).join('')}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export { run };

export interface MtOrder {
  type?: string;
  target?: string;
  engine?: string;
  files: { name: string; content: Buffer | string; mime: string }[];
  pastedText?: string;
  /** an order of a web page address */
  url?: string;
}

let payments = 0;
/** Puts an order with these files in the customer's cart and pays it with credits: the new project's id. */
export async function paidMtProject(app: App, customerId: number, order: MtOrder): Promise<number> {
  const db = app.deps.db;
  const target = order.target ?? 'spanish';
  const [po] = await db
    .insert(purchaseOrders)
    .values({
      key: randomBytes(16).toString('hex'),
      customerId,
      status: 'cart',
      name: 'MT order',
      projectType: order.type ?? 'machine-translation',
      sourceLanguage: 'american-english',
      targetLanguages: [target],
      expertise: 'general',
      wordCount: 100,
      pastedText: order.pastedText ?? null,
      url: order.url ?? null,
      entryType: order.url ? 'url' : order.pastedText ? 'paste' : 'file',
      mtParams: order.engine ? { [target]: { engine: order.engine, formality: 'default', glossary: false } } : {},
    })
    .returning();
  for (const f of order.files) {
    const bytes = Buffer.from(f.content);
    const stored = await app.deps.storage.put(Readable.from([bytes]), { maxBytes: 10_000_000 });
    await db.insert(purchaseOrderFiles).values({
      purchaseOrderId: po.id,
      storageId: stored.id,
      fileName: f.name,
      mime: f.mime,
      sizeBytes: stored.size,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      words: 10,
      context: 'source',
    });
  }
  const now = app.deps.clock.now();
  const cart = await computeCart(db, customerId, now);
  payments += 1;
  const result = await payCartWithCredits(db, {
    userId: customerId,
    ck: cart.ck,
    idempotencyKey: `mt-pay-${payments}-${randomBytes(4).toString('hex')}`,
    requestHash: hashRequest({ mt: payments, ck: cart.ck }),
    now,
  });
  return result.body.projects[0].id;
}

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
