// The customer API's reference page: the OpenAPI document of /api/v1 rendered by Scalar, served
// from the installed package (no CDN), as a page of its own that the web app's /api-docs frames.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';

const require = createRequire(import.meta.url);
let scalarBundle: Buffer | null = null;
function scalar(): Buffer {
  scalarBundle ??= readFileSync(require.resolve('@scalar/api-reference/browser/standalone.js'));
  return scalarBundle;
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Parlance customer API reference</title>
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
  showDeveloperTools: 'never',
  telemetry: false,
  hideDownloadButton: false,
  hideClientButton: true,
  hideDarkModeToggle: false,
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
  hiddenClients: { c: true, clojure: true, csharp: true, dart: true, fsharp: true, go: true, http: true, java: true, kotlin: true, objc: true, ocaml: true, php: true, powershell: true, python: true, r: true, ruby: true, rust: true, swift: true },
  metaData: { title: 'Parlance customer API' },
});
`;

export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api-docs/reference', { schema: { hide: true } }, async (_request, reply) => {
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
  app.get('/api-docs/reference/scalar.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(scalar()),
  );
  app.get('/api-docs/reference/init.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT),
  );
};
