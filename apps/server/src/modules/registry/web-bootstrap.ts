import type { FastifyRequest } from 'fastify';
import { WEB_BOOTSTRAP_ELEMENT_ID, type WebBootstrap } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { REGISTRY_KINDS } from './kinds';

// index.html with the signed-in user and the config written in (WebBootstrap), so that the first
// page renders without two more round trips. The values come from the registry's own kinds: the
// same loaders and answer schemas (the allowlist of what is sent) as GET /registry/get.

/** The HTML with the bootstrap element placed before </head>, split once at that point. */
export function bootstrapTemplate(indexHtml: string): { before: string; after: string } {
  const at = indexHtml.indexOf('</head>');
  if (at < 0) throw new Error('index.html has no </head>: the bootstrap element has nowhere to go');
  return { before: indexHtml.slice(0, at), after: indexHtml.slice(at) };
}

/**
 * JSON that is safe as the text of a script element: `<` is written as \\u003c, so no `</script>`
 * or `<!--` inside a value can end or change the element; U+2028/2029 are escaped as well.
 * JSON.parse reads the escapes back as the same characters.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The bootstrap of this request's visitor: their own user (null for a guest), the config, and for a
 * signed-in person the languages and expertises, which their pages name things from (a guest's
 * sign-in page needs neither, and stays small).
 */
export async function loadWebBootstrap(request: FastifyRequest, deps: Services): Promise<WebBootstrap> {
  const ctx = { request, deps, query: {} };
  const [user, config] = await Promise.all([REGISTRY_KINDS.User.load(ctx), REGISTRY_KINDS.Config.load(ctx)]);
  const boot: WebBootstrap = {
    user: REGISTRY_KINDS.User.results.parse(user) as WebBootstrap['user'],
    config: REGISTRY_KINDS.Config.results.parse(config) as WebBootstrap['config'],
  };
  if (!boot.user) return boot;
  const [languages, expertises] = await Promise.all([
    REGISTRY_KINDS.Language.load(ctx),
    REGISTRY_KINDS.Expertise.load(ctx),
  ]);
  boot.languages = REGISTRY_KINDS.Language.results.parse(languages) as WebBootstrap['languages'];
  boot.expertises = REGISTRY_KINDS.Expertise.results.parse(expertises) as WebBootstrap['expertises'];
  return boot;
}

/** `head`: more elements for the head, after the template's own (the page's module preloads). */
export function renderIndexHtml(
  template: { before: string; after: string },
  bootstrap: WebBootstrap,
  head = '',
): string {
  return `${template.before}${head}<script type="application/json" id="${WEB_BOOTSTRAP_ELEMENT_ID}">${scriptSafeJson(bootstrap)}</script>${template.after}`;
}
