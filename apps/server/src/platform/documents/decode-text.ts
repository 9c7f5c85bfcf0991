import { TextDecoder } from 'node:util';

// Bytes to text for plain-text formats: UTF-8 (with or without a BOM), UTF-16 with a BOM, and,
// for old files that are not valid UTF-8, Windows-1252 (what such files almost always are).

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The encoding a file announces with its first bytes, or UTF-8; and how many BOM bytes to skip. */
export function sniffEncoding(bytes: Uint8Array): { encoding: TextEncoding; bomLength: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  return { encoding: 'utf-8', bomLength: 0 };
}

export function decodeText(bytes: Uint8Array): string {
  const { encoding, bomLength } = sniffEncoding(bytes);
  const body = bytes.subarray(bomLength);
  if (encoding !== 'utf-8') return new TextDecoder(encoding).decode(body);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    // not UTF-8: Windows-1252 is what such text files usually are, and it decodes any byte
    return new TextDecoder('windows-1252').decode(body);
  }
}

/**
 * A decoder for text that arrives in chunks. The encoding is fixed by the first bytes: a stream
 * whose first chunk is not valid UTF-8 is read as Windows-1252, as decodeText would; a later
 * invalid byte becomes a replacement character (the words around it still count).
 */
export class StreamingTextDecoder {
  private decoder: TextDecoder | null = null;
  private head: Uint8Array = new Uint8Array(0);

  write(chunk: Uint8Array): string {
    if (this.decoder) return this.decodeMore(chunk);
    const bytes = concat(this.head, chunk);
    if (bytes.length < 4) {
      this.head = bytes; // too short to see a BOM yet
      return '';
    }
    this.head = new Uint8Array(0);
    const { encoding, bomLength } = sniffEncoding(bytes);
    const body = bytes.subarray(bomLength);
    if (encoding !== 'utf-8') {
      this.decoder = new TextDecoder(encoding, { ignoreBOM: true });
      return this.decoder.decode(body, { stream: true });
    }
    try {
      this.decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
      return this.decoder.decode(body, { stream: true });
    } catch {
      // the first bytes are not UTF-8: read the whole stream as Windows-1252
      this.decoder = new TextDecoder('windows-1252');
      return this.decoder.decode(body, { stream: true });
    }
  }

  end(): string {
    if (!this.decoder) return this.head.length > 0 ? decodeText(this.head) : '';
    try {
      return this.decoder.decode();
    } catch {
      // the stream ended inside a UTF-8 sequence: one replacement character, as a lenient decoder gives
      return '\uFFFD';
    }
  }

  private decodeMore(chunk: Uint8Array): string {
    const decoder = this.decoder!;
    try {
      return decoder.decode(chunk, { stream: true });
    } catch {
      // not UTF-8 after all: carry on leniently (the bytes of the failed chunk are decoded again)
      this.decoder = new TextDecoder('utf-8', { ignoreBOM: true });
      return this.decoder.decode(chunk, { stream: true });
    }
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
