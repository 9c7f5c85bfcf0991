import { randomInt } from 'node:crypto';
import { CERTIFICATE_ALPHABET } from '@parlance/shared';

// A certificate number: PC-<year>-XXXX-XXXX, eight letters drawn with crypto randomness from a
// 32-letter alphabet (40 bits), so that knowing one number tells nothing about any other.

function letters(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += CERTIFICATE_ALPHABET[randomInt(CERTIFICATE_ALPHABET.length)];
  return out;
}

export function newCertificateNumber(issuedAt: Date): string {
  return `PC-${issuedAt.getUTCFullYear()}-${letters(4)}-${letters(4)}`;
}
