/**
 * Which methods a concrete path has, read from the route table ("METHOD /path/:param"): a request
 * with another method on a known path is answered 405 with an Allow header, not 404.
 */
export function allowedMethodsOf(routeTable: readonly string[]): (path: string) => string[] {
  let routes: { method: string; pattern: RegExp }[] | null = null;
  return (path) => {
    routes ??= routeTable
      .filter((route) => !route.includes('*'))
      .map((route) => {
        const [method, url] = route.split(' ');
        const segments = url
          .split('/')
          .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
        return { method, pattern: new RegExp(`^${segments.join('/')}$`) };
      });
    const methods = new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods];
  };
}
