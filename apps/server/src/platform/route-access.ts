import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TEXTS } from '@parlance/shared';
import { forbidden, unauthorized } from './errors';
import { requirePermission, routePermission } from './permissions';

// Who may call each route, in ONE table: every registered route must have a line here
// (route-access.test.ts fails CI otherwise). The entry hook below applies it before validation, so a
// guest gets 401 (and a non-staff 404, staff without the permission 403, on admin calls) before any field error: input is looked at only
// for people allowed to send it. The handlers still check every object against the asking user.
//
//   public    anyone; the handler decides what a guest gets (wizard orders, quotes, sign-in ...)
//   self      the handler answers guests itself, not in JSON (HTML pages, the WebSocket handshake)
//   user      signed in, any role
//   customer  signed in; a customer or an admin (translators 403, before validation)
//   translator signed in; a translator or an admin (customers 403, before validation)
//   admin     staff (the real person behind the session, also while acting) holding the route's
//             permission (ROUTE_PERMISSIONS in permissions.ts); other staff 403, everyone else 404
//   api-read, api-order, api-pay  the customer API (/api/v1): an API key or OAuth access token with
//             that scope (never the cookie); modules/public-api/caller.ts checks it, 401/403
//
// A new route: add "METHOD /path" with its rule here, in the block of its area.

export type RouteAccess =
  | 'public'
  | 'self'
  | 'user'
  | 'customer'
  | 'translator'
  | 'admin'
  | 'api-read'
  | 'api-order'
  | 'api-pay';

export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  // language assets: terminology, glossary, translation memory, shared memory groups (issue 12)
  'GET /api/2/discover/languages': 'public',
  'GET /terminology/list': 'customer',
  'GET /terminology': 'customer',
  'POST /terminology/import': 'customer',
  'DELETE /terminology/delete': 'customer',
  'POST /tmx/import': 'customer',
  'GET /tmx/getxtmlanguages': 'customer',
  'GET /tmx/getTMX': 'customer',
  'GET /api/2/account/tmx/imports': 'customer',
  'DELETE /api/2/account/tmx/imports/:id': 'customer',
  'GET /api/2/account/tmx/search': 'customer',
  'GET /api/2/account/:uuid/glossary': 'customer',
  'POST /api/2/account/:uuid/glossary': 'customer',
  'GET /api/2/account/:uuid/glossary/:fileId': 'customer',
  'DELETE /api/2/account/:uuid/glossary/:fileId': 'customer',
  'GET /api/2/account/cat-tool-map/:id': 'customer',
  'GET /api/2/cat-tool-map-groups/:id': 'customer',
  'POST /api/2/account/cat-tool-map/:id/group': 'customer',
  'DELETE /api/2/account/cat-tool-map/:id/group': 'customer',
  'POST /api/2/account/cat-tool-map/:id/group/user': 'customer',
  'DELETE /api/2/account/cat-tool-map/:id/group/user': 'customer',
  'GET /api/2/projects/:id/translation-memory': 'translator',
  'GET /api/2/projects/:id/translation-memory/download': 'translator',
  // platform
  'GET /api/2/health': 'public',
  'GET /api/2/docs/openapi.json': 'public',
  'GET /bench/hello': 'public',
  'GET /api/2/realtime': 'self',
  // team chat (spec 3 section 7): every call also requires the bearer token (modules/chat/routes.ts)
  'GET /chat/api/current-user': 'user',
  'GET /chat/api/chats': 'user',
  'GET /chat/api/chats/:id': 'user',
  'POST /chat/api/chats': 'customer',
  'PATCH /chat/api/chats/:id': 'user',
  'PATCH /chat/api/chats/:id/seen': 'user',
  'GET /chat/api/chats/:id/messages': 'user',
  'GET /chat/api/chats/:id/pinnedMessages': 'user',
  'POST /chat/api/direct-messages': 'user',
  'POST /chat/api/reply-messages': 'user',
  'POST /chat/api/messages/:id/reaction': 'user',
  'GET /chat/api/messages/:id': 'user',
  'PATCH /chat/api/messages/:id': 'user',
  'DELETE /chat/api/messages/:id': 'admin',
  'PATCH /chat/api/messages/:id/restore': 'admin',
  'PATCH /chat/api/messages/:id/moderation': 'admin',
  'DELETE /chat/api/messages/:id/attachments/:attachmentId': 'user',
  'POST /chat/api/chat-members': 'user',
  'DELETE /chat/api/chat-members/:chatId/:userId': 'user',
  'GET /chat/api/chat-members/:chatId': 'user',
  'GET /chat/api/notifications': 'user',
  'GET /chat/api/chat-attachments/:chatId': 'user',
  'GET /chat/api/search/:phrase': 'user',
  'GET /chat/api/chat/:chatId/search/:phrase': 'user',
  'GET /chat/api/my-contacts': 'user',
  'GET /chat/api/admin/user-contacts/:userId': 'admin',
  'GET /chat/api/admin/users': 'admin',
  'GET /chat/api/live': 'self',
  'POST /file-storage/api/files': 'user',
  'DELETE /file-storage/api/files/:id': 'user',
  'GET /file-storage/api/files/:id/download': 'user',
  // auth
  'POST /userService/addAccountInfo': 'public',
  'POST /api/2/account/auth/login': 'public',
  'GET /api/logout': 'public',
  'POST /api/2/account/auth/password/resetPasswordToken': 'public',
  'POST /ajax/user/checkToken': 'public',
  'POST /api/2/account/auth/password': 'public',
  'POST /api/2/account/auth/first-password/setup': 'user',
  'POST /api/2/account/auth/send-password-link': 'user',
  'POST /userService/updateRegisterInfo': 'user',
  'POST /api/2/accept-terms-of-service': 'user',
  'GET /api/2/user/checkPolicyTermsConditions': 'user',
  'GET /api/2/user/updatePolicyTermsConditions': 'user',
  'GET /api/2/account': 'user',
  'GET /api/2/auth/2fa': 'user',
  'POST /api/2/account/2fa': 'user',
  'POST /api/2/account/2fa/reset': 'user',
  'GET /api/2/auth/token': 'user',
  'GET /api/2/captcha/challenge': 'public',
  // registry and site settings
  'GET /registry/get': 'public',
  'GET /api/2/currency': 'public',
  'GET /api/2/country/list': 'public',
  'GET /userService/getCountriesInfo': 'public',
  'GET /api/2/site/ui-feature/config/get': 'public',
  'POST /api/2/site/ui-feature/config/set': 'admin',
  'GET /api/2/zendesk/auth-params': 'user',
  'POST /api/2/help-center/sso': 'public',
  // pricing
  'POST /api/2/wizard/pricequote': 'public',
  'POST /api/2/calc': 'public',
  // wizard (guests order too: their orders are bound to their browser)
  'POST /api/2/po': 'public',
  'POST /api/2/po/:pid': 'public',
  'POST /api/2/po/resume': 'public',
  'POST /api/2/po/finish-later': 'public',
  'POST /api/2/wizard/finalize': 'public',
  'POST /ajax/filepicker/fileUploaded': 'public',
  'DELETE /api/2/po/:pid/files/:fileId': 'public',
  'POST /wizard/updateText': 'public',
  'GET /api/2/wizard/getavailablelanguagesBySlug': 'public',
  'POST /api/2/project/brief': 'public',
  'POST /api/2/project/translation-category': 'public',
  'POST /api/2/projects/:id/addresource': 'public',
  'POST /api/2/expedite/update': 'public',
  'POST /api/2/certificate/update': 'public',
  'GET /api/2/wizard/mt-available-params': 'public',
  // cart
  'GET /api/2/cart/all': 'customer',
  'POST /api/2/cart/mark-as-delete': 'customer',
  'POST /api/2/cart/update': 'customer',
  'POST /ajax/cart/submitCoupon': 'customer',
  'POST /ajax/cart/removeCoupon': 'customer',
  'POST /api/2/internal/user/un-attach-coupons': 'customer',
  'GET /ajax/cart/needProofReading': 'customer',
  'POST /ajax/cart/translateNow': 'customer',
  // payments
  'GET /api/2/cart/vendorurl': 'user',
  'GET /api/2/payments/:key': 'user',
  'GET /api/2/account/cards': 'user',
  'DELETE /api/2/account/cards/:id': 'user',
  'POST /ajax/cart/executeRecurringPayment': 'user',
  'POST /ajax/cart/wiretransferapply': 'user',
  'GET /api/2/admin/payments': 'admin',
  'GET /api/2/admin/projects': 'admin',
  'POST /api/2/admin/payments/:key/received': 'admin',
  'POST /api/2/admin/payments/:key/cancel': 'admin',
  'GET /sandbox/checkout/:key': 'self',
  'POST /sandbox/checkout/:key': 'self',
  'GET /sandbox/checkout/:key/confirm': 'self',
  'POST /sandbox/checkout/:key/confirm': 'self',
  // billing and invoices
  'GET /api/2/account/:id/billing-info': 'user',
  'POST /api/2/account/:id/billing-info': 'user',
  'GET /api/2/account/invoices': 'user',
  'GET /api/2/account/invoice/:id': 'user',
  // projects
  'GET /api/2/projects/:id': 'user',
  'POST /api/2/job/:id/take': 'user',
  'POST /api/2/job/:id/take-edit': 'user',
  'POST /api/2/projects/:id/deliver': 'user',
  'POST /api/2/projects/:id/approve': 'user',
  'POST /api/2/projects/:id/dispute': 'user',
  'POST /api/2/projects/:id/cancel': 'user',
  'POST /api/2/projects/:id/rating': 'user',
  'POST /api/2/projects/:id/tags': 'user',
  'POST /api/2/projects/:id/name': 'user',
  'POST /api/2/projects/:id/messages': 'user',
  'POST /api/2/projects/bulk-message': 'user',
  'POST /api/2/projects/:id/review': 'user',
  'GET /api/2/account/earnings': 'translator',
  'POST /api/2/admin/projects/:id/review-jobs': 'admin',
  'POST /api/2/admin/projects/:id/hold': 'admin',
  'POST /api/2/admin/projects/:id/release': 'admin',
  'POST /api/2/admin/projects/:id/reassign': 'admin',
  'POST /api/2/admin/projects/:id/resolve': 'admin',
  // project lists
  'GET /api/2/account/customer-projects': 'customer',
  'GET /api/2/projects/tags': 'customer',
  'GET /api/2/account/my-team': 'customer',
  'POST /api/2/account/my-team': 'customer',
  'GET /api/2/account/my-team/search': 'customer',
  'DELETE /api/2/account/my-team/:translatorId': 'customer',
  'GET /api/2/job/open': 'translator',
  'GET /api/2/account/translator-projects': 'translator',
  'GET /api/2/account/project/cqr/reviews': 'translator',
  'GET /api/2/account/project/ll/reviews': 'translator',
  'GET /api/2/account/translator-qa-ll-projects': 'translator',
  'GET /api/2/account/bonus': 'translator',
  'GET /api/2/account/project/qa': 'translator',
  'GET /api/2/account/project/qa/count': 'translator',
  'GET /api/2/ll/inhouse/jobs': 'translator',
  'GET /api/2/is-my-team-member': 'translator',
  'GET /api/2/translator/my-team-customers/:id': 'translator',
  'GET /api/2/account/trans-inactive': 'translator',
  'POST /api/2/account/trans-inactive': 'translator',
  // translator dashboard (modules/dashboard)
  'GET /api/2/dashboard/statistics': 'translator',
  'GET /api/2/dashboard/statement': 'translator',
  'GET /api/2/account/statement/export': 'translator',
  'GET /api/2/dashboard/additional-data': 'translator',
  'GET /api/2/dashboard/balance': 'translator',
  'GET /api/2/leveling/:id/projects-affected': 'translator',
  'POST /api/2/leveling/rejected-project': 'translator',
  'GET /api/2/recruitment/check': 'translator',
  'GET /api/2/admin/leveling/contests': 'admin',
  'POST /api/2/admin/leveling/contests/:id': 'admin',
  // resources
  'GET /api/2/resources/:id': 'user',
  'GET /api/2/resources/:id/file': 'user',
  'GET /api/2/projects/download': 'user',
  'POST /api/2/projects/:id/resource/:uuid': 'user',
  'GET /api/3/tasks/form-types': 'user',
  // admin tools
  'POST /adminService/isProjectExist': 'admin',
  'POST /adminService/searchUser': 'admin',
  'GET /adminService/getUserDescription': 'admin',
  'GET /manage/act': 'admin',
  'GET /api/2/tools/:currency/SetCurrency': 'admin',
  'POST /api/2/admin/country/set-locale': 'admin',
  'POST /api/2/admin/country/reset-locale': 'admin',
  'GET /api/2/admin/backoffice': 'admin',
  'GET /api/2/account/acl-list': 'admin',
  'POST /api/2/account/customers': 'admin',
  'GET /api/2/admin/outbox': 'admin',
  'GET /api/2/admin/audit': 'admin',
  // staff roles, credit actions, probation, settings (issue 14): the permission of each is in
  // ROUTE_PERMISSIONS (platform/permissions.ts)
  'POST /api/2/account/acl-list/members': 'admin',
  'DELETE /api/2/account/acl-list/members': 'admin',
  'GET /service/getCreditList': 'admin',
  'GET /api/2/credit_action/action/reason': 'admin',
  'POST /ajax/creditActions/add': 'admin',
  'POST /ajax/creditActions/:id/edit': 'admin',
  'POST /ajax/creditActions/:id/stop': 'admin',
  'POST /api/2/credit_action/buy_credit/invoice': 'admin',
  'GET /api/2/credit_action/parkedCredits': 'admin',
  'GET /api/2/admin/probation/params': 'admin',
  'POST /api/2/admin/probation/params': 'admin',
  'GET /api/2/account/probation': 'translator',
  'GET /api/2/admin/account-managers/:id/customers': 'admin',
  'GET /api/2/admin/chat/getUsers': 'admin',
  'GET /api/2/quality-report': 'user',
  'POST /api/2/quality-report': 'user',
  'GET /api/2/projects/:id/quality-reports': 'user',
  'GET /api/2/admin/users/:id/account-manager': 'admin',
  'POST /api/2/admin/users/:id/account-manager': 'admin',
  // messages, statements and the customer's counts (issue 13)
  'GET /api/2/account/customer-projects/counts': 'customer',
  'GET /api/2/account/messages': 'user',
  'POST /api/2/account/messages/:id/read': 'user',
  'POST /api/2/account/messages/read': 'user',
  'POST /api/2/admin/messages': 'admin',
  'GET /api/2/credit_action/types': 'user',
  'GET /api/2/account/statement/get': 'user',
  'GET /api/2/account/tags': 'user',
  // partner / affiliate program and client alerts (issue 13)
  'GET /api/2/account/partner': 'user',
  'GET /api/2/adminsetting/alert/notification': 'admin',
  'POST /api/2/adminsetting/alert/notification': 'admin',
  'POST /fileService/sendCustomerReportAsFile': 'user',
  // language-manager dashboard: signed in; the handler answers customers and translators 404 and
  // staff without the language-manager group 403 (lm-dashboard/policy.ts)
  'GET /api/2/dashboard/projects/in-progress': 'user',
  'GET /api/2/dashboard/projects/waiting': 'user',
  'GET /api/2/dashboard/projects/low-quality': 'user',
  'GET /api/2/dashboard/projects/low-qa': 'user',
  'GET /api/2/dashboard/projects/low-ll': 'user',
  'GET /api/2/dashboard/projects/delayed': 'user',
  'GET /api/2/dashboard/projects/expired': 'user',
  'GET /api/2/dashboard/users/available-translators': 'user',
  'GET /api/2/project/list': 'user',
  'GET /api/2/dashboard/capacity': 'user',
  // moderation and vocabulary (issue 14): signed in; the route's guard answers customers and
  // translators 404 and staff without the moderation group 403 (moderation/policy.ts)
  'GET /moderation/api/languages': 'user',
  'POST /moderation/api/languages': 'user',
  'PATCH /moderation/api/languages/:id': 'user',
  'GET /moderation/api/search/word/:term': 'user',
  'POST /moderation/api/words': 'user',
  'GET /moderation/api/words/:id': 'user',
  'DELETE /moderation/api/words/:id': 'user',
  'GET /moderation/api/moderations/search': 'user',
  'GET /moderation/api/moderations/:id': 'user',
  'PATCH /moderation/api/moderations/:id': 'user',
  // profile (issue 12): signed in; each handler checks the role (customers' sub-accounts, translators'
  // sections, secrets owners) and the object. The reference lists are public.
  'GET /api/2/account/details': 'user',
  'POST /userService/updateAccountInfo': 'user',
  'POST /userService/updatePassword': 'user',
  'GET /api/2/account/mailing-preferences': 'user',
  'POST /userService/updateMailingPreferences': 'user',
  'POST /userService/addSecEmailToUser': 'user',
  'POST /userService/removeSecEmailFromUser': 'user',
  'GET /api/2/account/api-keys': 'user',
  'POST /userService/updateApiKeysForm': 'user',
  'GET /userService/updateApiKeysForm': 'user',
  'POST /api/2/oauth/generate-keys': 'user',
  'POST /api/2/oauth/update-client': 'user',
  'POST /api/2/account/check-credentials': 'user',
  'POST /ajax/deleteAccount': 'user',
  'POST /ajax/phoneverify/startverify': 'user',
  'POST /ajax/phoneverify/tryverify': 'user',
  'GET /ajax/phoneverify/status': 'user',
  'POST /userService/sendSMSVerification': 'user',
  'POST /userService/updateBillingInfo': 'user',
  'GET /api/2/account/networks': 'user',
  'POST /userService/updateNetworksInfo': 'user',
  'GET /api/2/account/transcription-skills': 'user',
  'POST /userService/setTranscriptionSkill': 'user',
  'GET /api/2/account/public-profile': 'user',
  'GET /telegram/subscription': 'user',
  'POST /telegram/subscription': 'user',
  'POST /telegram/sms': 'user',
  'POST /api/2/telegram/sandbox/start': 'user',
  'GET /api/2/account/translator-profile': 'user',
  'GET /api/2/profilewizard': 'user',
  'POST /userService/addLanguageInfo': 'user',
  'GET /service/addLanguagePairToUserSkills': 'user',
  'GET /service/removeLanguagePairFromUserSkills': 'user',
  'GET /service/addExpertiseToUser': 'user',
  'GET /service/removeExpertiseForUser': 'user',
  'POST /userService/checkExpertOnlyFlag': 'user',
  'POST /userService/addAboutMeInfo': 'user',
  'POST /userService/addAvailabilityInfo': 'user',
  'POST /userService/addRefereesInfo': 'user',
  'POST /userService/saveSoftwareService': 'user',
  'POST /service/uploadCV': 'user',
  'POST /service/uploadGovID': 'user',
  'POST /service/uploadCertification': 'user',
  'POST /service/uploadImage': 'user',
  'GET /api/2/account/uploads/:id': 'user',
  'DELETE /api/2/account/uploads/:id': 'user',
  'GET /userService/getIndustry': 'public',
  'GET /userService/getExpertise': 'public',
  'GET /userService/getTimeZones': 'public',
  'GET /userService/getSoftware': 'public',
  'GET /userService/getServices': 'public',
  'GET /userService/getDeleteReasons': 'public',
  'GET /api/2/account/beneficiary': 'user',
  'POST /api/2/account/beneficiary': 'user',
  'DELETE /api/2/account/beneficiary/:id': 'user',
  'POST /api/2/account/beneficiary/:id/settings/auto_transfer': 'user',
  // voice-over (issue 12): translators' samples (the handler checks the role); customers' voices
  'GET /api/2/account/voice-samples': 'user',
  'POST /service/uploadVoiceSample': 'user',
  'DELETE /api/2/account/voice-samples/:id': 'user',
  'GET /api/2/voices': 'customer',
  'GET /api/2/voices/:id/sample': 'user',
  'POST /api/2/account/switchBA': 'user',
  'POST /api/2/account/balance/transfer': 'user',
  'GET /api/2/account/balance/history': 'user',
  'GET /userService/getProjectNotesList': 'user',
  'POST /userService/saveProjectNote': 'user',
  'GET /userService/deleteProjectNote': 'user',
  'GET /api/2/account/customer/preferred-translators': 'user',
  // payouts (issue 13): the translator's own requests (customers 403, another's request 404)
  'GET /api/2/account/convert/requests': 'translator',
  'POST /api/2/account/convert/request': 'translator',
  'POST /api/2/account/convert/requests/:id/cancel': 'translator',
  'POST /api/2/account/:uuid/payout/update': 'translator',
  'GET /api/2/account/convert/invoice/:id': 'translator',
  'POST /api/2/account/convert/methods': 'translator',
  'DELETE /api/2/account/convert/methods/:method': 'translator',
  'GET /api/2/account/:id/payee/status': 'user',
  'DELETE /api/2/account/:id/payee/unlink': 'user',
  'POST /api/2/admin/payoneer/translator/:id/change-status': 'admin',
  'GET /api/2/admin/payoneer/payees': 'admin',
  'GET /api/2/admin/convert/requests': 'admin',
  'GET /api/2/admin/convert/requests/downloads/csv': 'admin',
  'POST /api/2/admin/creditsConvert/updateConversion': 'admin',
  'POST /adminService/payout_update': 'admin',
  // the customer API (issue 17): keys and access tokens with a scope, never the cookie
  'POST /api/v1/oauth/token': 'public',
  'GET /api/v1/openapi.json': 'public',
  'GET /api-docs/reference': 'public',
  'GET /api-docs/reference/scalar.js': 'public',
  'GET /api-docs/reference/init.js': 'public',
  'GET /api-docs/reference/theme.css': 'public',
  'GET /api/v1/me': 'api-read',
  'POST /api/v1/text/analyze': 'api-read',
  'POST /api/v1/quotes': 'api-read',
  'POST /api/v1/orders': 'api-order',
  'GET /api/v1/orders/:id': 'api-read',
  'POST /api/v1/orders/:id/files': 'api-order',
  'POST /api/v1/orders/:id/submit': 'api-order',
  'GET /api/v1/cart': 'api-read',
  'POST /api/v1/cart/pay': 'api-pay',
  'GET /api/v1/projects': 'api-read',
  'GET /api/v1/projects/:id': 'api-read',
  'POST /api/v1/projects/:id/messages': 'api-order',
  'POST /api/v1/projects/:id/approve': 'api-order',
  'POST /api/v1/projects/:id/dispute': 'api-order',
  'GET /api/v1/files/:id': 'api-read',
  // the customer's webhook and key settings (profile, cookie)
  'GET /api/2/account/webhook': 'customer',
  'PUT /api/2/account/webhook': 'customer',
  'DELETE /api/2/account/webhook': 'customer',
  'GET /api/2/account/webhook/deliveries': 'customer',
  'POST /api/2/account/webhook/deliveries/:id/resend': 'customer',
  'POST /api/2/account/api-keys/scopes': 'customer',
  'DELETE /api/2/account/api-keys/key': 'customer',
};

export function accessOf(request: FastifyRequest): RouteAccess | undefined {
  return ROUTE_ACCESS[`${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url}`];
}

const SIGNED_IN: ReadonlySet<RouteAccess> = new Set(['user', 'customer', 'translator', 'admin']);

/** Authentication (and the admin check) before validation, for every route of the table. */
export function registerRouteAccess(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const access = accessOf(request);
    if (!access || !SIGNED_IN.has(access)) return;
    if (!request.auth) throw unauthorized();
    // the other side's calls: refused before their input is read (the handlers check again, with
    // their own words, for admins and for what the table cannot say)
    const type = request.auth.user.type;
    if ((access === 'customer' && type === 'translator') || (access === 'translator' && type === 'customer')) {
      throw forbidden(TEXTS.forbidden);
    }
    if (access === 'admin') {
      const route = `${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url}`;
      await requirePermission(app.deps.db, request, routePermission(route));
    }
  });
}
