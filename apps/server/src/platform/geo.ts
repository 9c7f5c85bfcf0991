import { BlockList, isIP } from 'node:net';

// Country by IP address, from the database geoip-lite ships (no network, no key).

type GeoIp = typeof import('geoip-lite');

// Addresses that never belong to a country: loopback, private, link-local, carrier NAT, unspecified.
const LOCAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  LOCAL.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  LOCAL.addSubnet(net, prefix, 'ipv6');
}

let geoip: Promise<GeoIp> | null = null;

/** geoip-lite reads its data files when first loaded: only load it when a lookup is needed. */
function loadGeoIp(): Promise<GeoIp> {
  geoip ??= import('geoip-lite').then((mod) => (mod as GeoIp & { default?: GeoIp }).default ?? mod);
  return geoip;
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is the IPv4 address. */
function normalise(ip: string): string {
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  return mapped ? mapped[1] : ip;
}

/** True for addresses of no country (loopback, private networks) and for anything not an IP. */
export function isLocalAddress(ip: string): boolean {
  const address = normalise(ip);
  const family = isIP(address);
  if (family === 0) return true;
  return LOCAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The ISO 3166 country code of an IP address, or null (local, private or unknown address). */
export async function countryByIp(ip: string | undefined): Promise<string | null> {
  if (!ip || isLocalAddress(ip)) return null;
  const lookup = (await loadGeoIp()).lookup(normalise(ip));
  return lookup?.country ? lookup.country : null;
}
