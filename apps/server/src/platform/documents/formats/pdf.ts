import { extractText, getDocumentProxy } from 'unpdf';
import { DocumentError } from '../errors';

/** The text of every page of a PDF, and its page count. A scanned PDF (images only) has no text. */
export async function extractPdf(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // PDF.js may take over the buffer it is given, so it gets a copy and the caller keeps its bytes
    pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false });
  } catch (error) {
    throw new DocumentError('unreadable', `pdf: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const { text, totalPages } = await extractText(pdf, { mergePages: true });
    return { text, pages: totalPages };
  } catch (error) {
    throw new DocumentError('unreadable', `pdf text: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await pdf.destroy();
  }
}
