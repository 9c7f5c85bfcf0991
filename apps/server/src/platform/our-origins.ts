import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

// Which origins are ours, and which one a return address (a redirect back from a checkout, say)
// is built on (ADR 0042). The browser should come back to the origin it is on: its session cookie
// and the page's Content-Security-Policy belong to that origin. The request's Host header only
// picks one origin from a fixed list; it can never add one, so a forged Host cannot send anybody
// elsewhere.

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * PUBLIC_URL's origin, the origins of PUBLIC_ORIGINS and, when PUBLIC_URL is a loopback address
 * (a server on one's own machine), the same scheme and port on the other loopback names: a
 * loopback address reaches only the machine the browser runs on, so it can lead nobody elsewhere.
 */
export function ourOrigins(config: Pick<Config, 'publicUrl' | 'publicOrigins'>): string[] {
  const primary = new URL(config.publicUrl);
  const origins = [primary.origin, ...config.publicOrigins];
  if (LOOPBACK_HOSTS.includes(primary.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      const alias = new URL(primary.origin);
      alias.hostname = host;
      origins.push(alias.origin);
    }
  }
  return [...new Set(origins)];
}

/**
 * Our origins as CSP sources (for form-action): CSP has no syntax for an IPv6 literal, so
 * `http://[::1]:PORT` is left out (a browser on it comes back to it, its own origin, under 'self').
 */
export function cspOrigins(config: Pick<Config, 'publicUrl' | 'publicOrigins'>): string[] {
  return ourOrigins(config).filter((origin) => !new URL(origin).hostname.startsWith('['));
}

/** The origin the browser addressed (scheme and Host, forwarded ones when TRUST_PROXY is on), or null. */
function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host;
  if (!host) return null;
  try {
    return new URL(`${request.protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * Where return addresses start: the request's own origin when it is one of ours, else PUBLIC_URL's
 * origin; followed by PUBLIC_URL's path, if it has one. No trailing slash.
 */
export function returnBase(request: FastifyRequest, config: Pick<Config, 'publicUrl' | 'publicOrigins'>): string {
  const own = requestOrigin(request);
  const ours = ourOrigins(config);
  const path = new URL(config.publicUrl).pathname.replace(/\/$/, '');
  return `${own && ours.includes(own) ? own : ours[0]}${path}`;
}
