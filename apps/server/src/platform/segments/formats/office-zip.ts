import JSZip from 'jszip';
import { SegmentError } from '../errors';

/** An Office file's zip package, or a SegmentError naming what it should have been ('a Word document'). */
export async function openOfficeZip(bytes: Uint8Array, shouldBe: string): Promise<JSZip> {
  try {
    return await JSZip.loadAsync(bytes);
  } catch (error) {
    throw new SegmentError('unreadable', `it is not ${shouldBe} (${error instanceof Error ? error.message : error})`);
  }
}
