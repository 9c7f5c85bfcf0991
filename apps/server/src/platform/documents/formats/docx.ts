import mammoth from 'mammoth';
import { DocumentError } from '../errors';

/**
 * The text of a Word document (body, tables, lists) as mammoth's raw text gives it: paragraphs end
 * with a blank line, so words of two paragraphs never run together. Headers, footers and comments
 * are not part of it.
 */
export async function extractDocx(bytes: Uint8Array): Promise<{ text: string }> {
  try {
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) });
    return { text: result.value };
  } catch (error) {
    throw new DocumentError('unreadable', `docx: ${error instanceof Error ? error.message : String(error)}`);
  }
}
