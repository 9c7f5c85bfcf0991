// The browser suite runs on E2E_SERVERS servers (default 2), each with a database of its own, one
// worker per server: worker N (its parallelIndex) always talks to server N, so no two tests that
// run at the same time share a database, and a test sees the demo data as its file left it.
// Ports: E2E_PORT (default 4173), E2E_PORT + 1, ...
export const E2E_SERVERS = Math.max(1, Number(process.env.E2E_SERVERS || 2));
export const E2E_PORT = Number(process.env.E2E_PORT || 4173);

export function serverUrl(index: number): string {
  return `http://127.0.0.1:${E2E_PORT + (index % E2E_SERVERS)}`;
}
