// The customer API's reference page: the OpenAPI document of /api/v1 rendered by Scalar, served
// by us (no CDN), as a page of its own that the web app's /api-docs frames. The renderer is Scalar's
// standalone browser bundle, vendored brotli-packed by scripts/vendor-scalar.mjs (the npm package
// would install 150 MB that asks for Node 22 to get this one file); ADR 0049.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

const VENDORED = join(import.meta.dirname, '../../../vendor/scalar/standalone.js.br');
let packedBundle: Buffer | null = null;
let plainBundle: Buffer | null = null;
function scalarPacked(): Buffer {
  packedBundle ??= readFileSync(VENDORED);
  return packedBundle;
}
function scalarPlain(): Buffer {
  plainBundle ??= brotliDecompressSync(scalarPacked());
  return plainBundle;
}
function acceptsBrotli(request: FastifyRequest): boolean {
  return String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .some((offer) => {
      const [coding, ...params] = offer.trim().split(';');
      const quality = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return coding.trim().toLowerCase() === 'br' && (quality === undefined || Number(quality.slice(2)) > 0);
    });
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Parlance customer API reference</title>
<link rel="stylesheet" href="/api-docs/reference/theme.css">
</head>
<body>
<div id="app"></div>
<script src="/api-docs/reference/scalar.js"></script>
<script src="/api-docs/reference/init.js"></script>
</body>
</html>`;

// no inline script (the CSP allows 'self' only): the configuration is a script of its own
const INIT = `Scalar.createApiReference('#app', {
  url: '/api/v1/openapi.json',
  withDefaultFonts: false,
  // nothing that calls Scalar's services (the CSP would refuse it anyway)
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  telemetry: false,
  hideDownloadButton: false,
  hideClientButton: true,
  // one theme, the app's light one, whose colours theme.css checks for contrast
  forceDarkModeState: 'light',
  hideDarkModeToggle: true,
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
  hiddenClients: { c: true, clojure: true, csharp: true, dart: true, fsharp: true, go: true, http: true, java: true, kotlin: true, objc: true, ocaml: true, php: true, powershell: true, python: true, r: true, ruby: true, rust: true, swift: true },
  metaData: { title: 'Parlance customer API' },
});
// Two gaps of Scalar's markup, mended as it renders: its copy buttons are icons without a name, and
// its endpoint lists (a box that scrolls) cannot be reached with the keyboard
const mend = () => {
  for (const button of document.querySelectorAll('button[class*="copy-button"]:not([aria-label])')) {
    button.setAttribute('aria-label', 'Copy to clipboard');
  }
  for (const list of document.querySelectorAll('ul.endpoints:not([tabindex])')) list.setAttribute('tabindex', '0');
};
mend();
new MutationObserver(mend).observe(document.body, { childList: true, subtree: true });
`;

// Scalar's light theme with text colours that reach 4.5:1 on its white and grey surfaces (WCAG AA):
// its greys, the HTTP method colours of the sidebar and endpoint lists, "required" and the code
// highlighting draw on these variables. Custom properties with !important win over the theme that
// Scalar injects after this sheet.
const THEME = `.light-mode {
  --scalar-color-1: #1a1a1a !important;
  --scalar-color-2: #595959 !important;
  --scalar-color-3: #5e5e5e !important;
  --scalar-color-green: #00754a !important;
  --scalar-color-blue: #0066a8 !important;
  --scalar-color-orange: #b33c00 !important;
  --scalar-color-red: #c2000f !important;
  --scalar-color-yellow: #7a5700 !important;
  --scalar-color-purple: #7b2fa8 !important;
  --scalar-color-accent: #0066a8 !important;
  --scalar-sidebar-color-2: #595959 !important;
  --scalar-sidebar-search-color: #595959 !important;
}
`;

export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api-docs/reference', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const csp = String(reply.getHeader('content-security-policy') ?? '');
    return (
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        // the web app's /api-docs page frames it (same origin only)
        .header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
        .header('x-frame-options', 'SAMEORIGIN')
        .send(PAGE)
    );
  });
  app.get(
    '/api-docs/reference/scalar.js',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('vary', 'accept-encoding');
      // sent as packed (4.3 MB plain, 0.9 MB brotli) rather than compressed again per request
      if (acceptsBrotli(request)) return reply.header('content-encoding', 'br').send(scalarPacked());
      return reply.send(scalarPlain());
    },
  );
  app.get(
    '/api-docs/reference/theme.css',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) =>
      reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'no-cache').send(THEME),
  );
  app.get(
    '/api-docs/reference/init.js',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) =>
      reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT),
  );
};
