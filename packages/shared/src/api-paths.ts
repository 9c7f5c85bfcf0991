/**
 * The path prefixes the server answers itself: its routes live under them, and an unknown path
 * under them is a JSON 404, never the web app. Every other GET is a page of the web app (the
 * server sends index.html). The web app's dev server proxies exactly these to the API server
 * (apps/web/vite.config.ts): a route under a prefix missing here gets the web app's HTML in dev.
 */
export const API_PREFIXES = [
  '/api/',
  '/api-docs/reference',
  '/registry/',
  '/userService/',
  '/ajax/',
  '/adminService/',
  // the floating tools' POST; every other /admin/ address is a page of the web app
  '/admin/float',
  // Prometheus metrics, when served on the main port (ADR 0101)
  '/metrics',
  '/manage/',
  '/service/',
  '/fileService/',
  '/file-storage/',
  '/terminology',
  '/tmx/',
  '/chat/api',
  '/moderation/api',
  '/wizard/updateText',
  '/sandbox/',
  '/telegram/',
] as const;

/** Whether the server, not the web app, answers this path (a path without its query). */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path.startsWith(prefix));
}
