import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

// Writes dist/route-preloads.json: for each page address of the router, the chunks its first render
// needs beyond the entry (the page's chunk and its static imports). The server names them in
// index.html as <link rel="modulepreload"> for the address it answers (ADR 0120), so that they
// download beside the entry instead of after it has arrived and run (one round trip and the entry's
// evaluation less before the page can paint). The router stays the one list of pages: its
// `'<path>': page(() => import('<module>'))` entries are read here, and a page the build cannot
// find fails the build.

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** What the server reads: each list is of asset paths (`/assets/x.js`), in import order. */
export interface RoutePreloads {
  /** [route pattern, chunks], in the router's order (the first match wins, as in route-preload.ts) */
  routes: [string, string[]][];
  /** /my-projects picks its page by the user's type (MyProjectsRoute.tsx): each side's chunks */
  myProjectsSides: Record<string, string[]>;
  /** the signed-in header's actions, which every signed-in page shows at once */
  signedIn: string[];
}

const SRC = resolve(import.meta.dirname, 'src');
const ROUTER = resolve(SRC, 'app/router.tsx');
const MY_PROJECTS = resolve(SRC, 'app/MyProjectsRoute.tsx');
const SIGNED_IN = [resolve(SRC, 'shell/header/SignedInActions.tsx')];
/**
 * Parts a page loads lazily but shows on its first screen (its Suspense would otherwise wait one
 * more round trip after the page's chunk): preloaded with the page.
 */
const FIRST_SCREEN: Record<string, string[]> = {
  '/auth': [resolve(SRC, 'features/auth/components/LoginForm.tsx')],
};

/** Module paths (absolute, without extension) of `name = page(() => import('x'))` and `'/p': page(...)`. */
function routerPages(source: string, from: string): { byConst: Map<string, string>; routes: [string, string][] } {
  const byConst = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+) = (?:page\(|lazy\()?\(\) => import\('([^']+)'\)/g)) {
    byConst.set(m[1], resolve(dirname(from), m[2]));
  }
  const routes: [string, string][] = [];
  const body = source.slice(source.indexOf('const PAGES'), source.indexOf('registerRoutePreloads('));
  for (const m of body.matchAll(/^\s*'([^']+)': (?:page\(\(\) => import\('([^']+)'\)\)|(\w+)),?$/gm)) {
    // a page with a loader of its own: `const X = Object.assign(Chunk, ...)` of `const Chunk = lazy(() => import(...))`
    const loader = m[3] && source.match(new RegExp(`const ${m[3]} = Object\\.assign\\((\\w+)`))?.[1];
    const module = m[2] ? resolve(dirname(from), m[2]) : (byConst.get(m[3]) ?? byConst.get(loader ?? ''));
    if (!module) throw new Error(`route-preloads: ${m[1]} names ${m[3]}, which is not a page import`);
    routes.push([m[1], module]);
  }
  return { byConst, routes };
}

export function routePreloads(): Plugin {
  return {
    name: 'parlance-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byModule = new Map<string, (typeof chunks)[number]>();
      // the chunk that holds the module (a page's module is not always its chunk's facade)
      for (const c of chunks) for (const id of c.moduleIds) byModule.set(id.replace(/\.[jt]sx?$/, ''), c);
      const entry = new Set<string>();
      const closure = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        const c = bundle[fileName];
        if (c?.type === 'chunk') for (const i of c.imports) closure(i, into);
      };
      for (const c of chunks) if (c.isEntry) closure(c.fileName, entry);
      const chunksOf = (module: string): string[] => {
        const c = byModule.get(module.replace(/\.[jt]sx?$/, ''));
        if (!c) throw new Error(`route-preloads: no chunk for ${module}`);
        const files = new Set<string>();
        closure(c.fileName, files);
        return [...files].filter((f) => !entry.has(f)).map((f) => `/${f}`);
      };
      const { routes } = routerPages(readFileSync(ROUTER, 'utf8'), ROUTER);
      if (routes.length < 10) throw new Error(`route-preloads: only ${routes.length} pages found in router.tsx`);
      const sides = routerPages(
        readFileSync(MY_PROJECTS, 'utf8').replace(/^\s*(\w+): (\(\) => import)/gm, 'const $1 = $2'),
        MY_PROJECTS,
      );
      const result: RoutePreloads = {
        routes: routes.map(([path, module]) => [
          path,
          [...new Set([module, ...(FIRST_SCREEN[path] ?? [])].flatMap(chunksOf))],
        ]),
        myProjectsSides: Object.fromEntries([...sides.byConst].map(([side, module]) => [side, chunksOf(module)])),
        signedIn: SIGNED_IN.flatMap(chunksOf),
      };
      if (Object.keys(result.myProjectsSides).length !== 3)
        throw new Error('route-preloads: /my-projects sides not found');
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(result) });
    },
  };
}
