import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = 'http://localhost:3000';
const proxied = [
  '/api',
  '/registry',
  '/userService',
  '/ajax',
  '/adminService',
  '/manage',
  '/chat/api',
  '/wizard/updateText',
];

/**
 * MUI's createTheme and ThemeProvider carry the CSS-variables theme (createThemeWithVars,
 * CssVarsProvider, the colour-scheme script: ~5 kB gzipped of every first load) that a
 * theme without `cssVariables` or `colorSchemes` never runs. In the build, the two modules of
 * @mui/material/styles that reach it get their no-variables halves; a theme asking for variables
 * throws at start, so nobody is surprised by it silently.
 */
function muiWithoutCssVars(): Plugin {
  const styles = dirname(createRequire(import.meta.url).resolve('@mui/material/styles'));
  const CREATE_THEME = '\0parlance:mui-create-theme-no-vars';
  const NO_VARS_PROVIDER = '\0parlance:mui-no-css-vars-provider';
  const refuse = 'Parlance builds MUI without CSS-variables themes (apps/web/vite.config.ts, muiWithoutCssVars)';
  return {
    name: 'parlance-mui-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || dirname(importer) !== styles) return null;
      if (source === './createTheme.mjs') return CREATE_THEME;
      if (source === './ThemeProviderWithVars.mjs' && importer.endsWith('ThemeProvider.mjs')) return NO_VARS_PROVIDER;
      return null;
    },
    load(id) {
      if (id === CREATE_THEME)
        return `import createThemeNoVars from ${JSON.stringify(join(styles, 'createThemeNoVars.mjs'))};
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) throw new Error(${JSON.stringify(refuse)});
  return createThemeNoVars(options, ...args);
}`;
      if (id === NO_VARS_PROVIDER)
        return `export function CssVarsProvider() { throw new Error(${JSON.stringify(refuse)}); }`;
      return null;
    },
  };
}

/**
 * The zod builders packages/shared calls at module level, named with `z.` so that only those calls
 * are taken as pure. A bare `z` would also match every function a minifier named `z` in a
 * dependency: it dropped Preact's own `diff(...)` call (a page that rendered nothing).
 */
const ZOD_BUILDERS = [
  'string',
  'object',
  'number',
  'enum',
  'array',
  'boolean',
  'coerce',
  'literal',
  'union',
  'preprocess',
  'record',
  'iso',
  'unknown',
  'null',
  'email',
  'lazy',
].map((builder) => `z.${builder}`);

/**
 * The React API on Preact (ADR 0057): react-dom alone was 62.8 kB
 * gzipped of every page's first load; preact/compat does its work in about 11. Every library the app
 * uses (MUI, React Router, TanStack Query, react-hook-form, notistack, recharts, emoji-mart,
 * react-joyride) imports `react`, and gets Preact through these names.
 */
const REACT_ON_PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig({
  plugins: [react(), muiWithoutCssVars()],
  resolve: { alias: REACT_ON_PREACT },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, ws: p === '/chat/api' }])),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The entry's own imports are still preloaded from index.html. Lazy pages are not given a
    // dependency list in the entry: each page would add one, and the first load of /auth has a
    // JavaScript budget (ADR 0019). A page's imports load when it does.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    chunkSizeWarningLimit: 600,
    // The shared package builds its zod schemas at module level beside the constants and types the
    // pages import; a page that reads a constant need not carry zod (25 kB gzipped).
    // Building a schema has no effect outside it (no registry, no global config: packages/shared).
    // Only the builders are named (ZOD_BUILDERS above).
    rolldownOptions: { treeshake: { manualPureFunctions: ZOD_BUILDERS } },
  },
});
