import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { DocumentError } from './errors';

// Fetches a web page that a customer names for a word count. The server must not become a way in
// to the private network (SSRF): only http and https, and no private, loopback, link-local or
// otherwise special address, checked on every address the name resolves to, at connect time (so a
// DNS answer that changes between check and use is checked too) and again on every redirect.

export interface FetchUrlOptions {
  /** allow private and loopback addresses (tests against a local server only) */
  allowPrivate?: boolean;
  /** whole fetch, redirects and body included */
  timeoutMs?: number;
  /** the body is cut off (and refused) as soon as it passes this */
  maxBytes?: number;
  maxRedirects?: number;
}

export interface FetchedPage {
  /** after redirects */
  url: string;
  contentType: string;
  bytes: Buffer;
}

export const URL_FETCH_TIMEOUT_MS = 10_000;
export const URL_FETCH_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;

const SPECIAL_ADDRESSES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  SPECIAL_ADDRESSES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 can reach IPv4 private space
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  SPECIAL_ADDRESSES.addSubnet(network, prefix, 'ipv6');
}

/** True for addresses a public web page cannot have (IPv4-mapped IPv6 addresses are checked as IPv4). */
export function isSpecialAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return SPECIAL_ADDRESSES.check(mapped[1], 'ipv4');
  return SPECIAL_ADDRESSES.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class AddressNotAllowed extends Error {}

export function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!allowPrivate && addresses.some((entry) => isSpecialAddress(entry.address))) {
        return callback(new AddressNotAllowed(hostname), '', 0);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`no address for ${hostname}`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new DocumentError('url-invalid', raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DocumentError('url-invalid', url.protocol);
  if (url.username || url.password) throw new DocumentError('url-invalid', 'credentials in URL');
  return url;
}

function checkLiteralHost(url: URL, allowPrivate: boolean): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // the lookup is skipped for an address written in the URL, so it is checked here
  if (isIP(host) !== 0 && !allowPrivate && isSpecialAddress(host)) throw new DocumentError('url-not-allowed', host);
}

function open(url: URL, allowPrivate: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        signal,
        lookup: checkedLookup(allowPrivate),
        headers: {
          'user-agent': 'Parlance word count (+https://parlance.test)',
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5',
          'accept-encoding': 'identity',
        },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new DocumentError('url-too-large', `content-length ${declared}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) {
      response.destroy();
      throw new DocumentError('url-too-large', `more than ${maxBytes} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

function asDocumentError(error: unknown, signal: AbortSignal): DocumentError {
  if (error instanceof DocumentError) return error;
  if (error instanceof AddressNotAllowed) return new DocumentError('url-not-allowed', error.message);
  if (signal.aborted) return new DocumentError('url-failed', 'timed out');
  return new DocumentError('url-failed', error instanceof Error ? error.message : String(error));
}

/** GETs a public web page with a time limit and a size limit, following a few redirects. */
export async function fetchUrl(raw: string, options: FetchUrlOptions = {}): Promise<FetchedPage> {
  const allowPrivate = options.allowPrivate ?? false;
  const maxBytes = options.maxBytes ?? URL_FETCH_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const signal = AbortSignal.timeout(options.timeoutMs ?? URL_FETCH_TIMEOUT_MS);
  let url = parseUrl(raw);
  try {
    for (let redirects = 0; ; redirects++) {
      checkLiteralHost(url, allowPrivate);
      const response = await open(url, allowPrivate, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        if (redirects >= maxRedirects) throw new DocumentError('url-failed', 'too many redirects');
        url = parseUrl(new URL(location, url).toString());
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new DocumentError('url-failed', `HTTP ${status}`);
      }
      const bytes = await readBody(response, maxBytes);
      return { url: url.toString(), contentType: String(response.headers['content-type'] ?? ''), bytes };
    }
  } catch (error) {
    throw asDocumentError(error, signal);
  }
}
