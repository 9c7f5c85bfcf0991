// The browser suite runs E2E_WORKERS workers (default 2) against E2E_SERVERS servers (default 1),
// each server with a database of its own; worker N (its parallelIndex) talks to server N modulo
// the servers. Every test makes its own accounts and data (fixtures.ts), so the workers share one
// server: a second server on two cores only takes CPU from the browsers (measured in
// docs/performance.md).
// Ports: E2E_PORT (default 4173), E2E_PORT + 1, ..., then two for the machine-translation engines.
import { existsSync } from 'node:fs';

// The browser the tests drive: CHROMIUM_PATH, else Debian's headless shell (Chromium's old headless
// mode, package chromium-headless-shell), else Debian's chromium. The shell has no browser UI to run:
// it opens a page in about half the time on two cores, and the suite opens a page or two per test.
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ||
  '/usr/bin/chromium';

export const E2E_SERVERS = Math.max(1, Number(process.env.E2E_SERVERS || 1));
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS || 2));
export const E2E_PORT = Number(process.env.E2E_PORT || 4173);

/** The local machine-translation engines (apps/server/scripts/fake-mt-engines.ts): the ports after the servers'. */
export const MT_PORTS = { libre: E2E_PORT + E2E_SERVERS, openAi: E2E_PORT + E2E_SERVERS + 1 };

export function serverUrl(index: number): string {
  return `http://127.0.0.1:${E2E_PORT + (index % E2E_SERVERS)}`;
}
