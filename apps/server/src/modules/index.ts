import type { FastifyPluginAsync } from 'fastify';
import { adminRoutes } from './admin/routes';
import { authRoutes } from './auth/routes';
import { billingRoutes } from './billing/routes';
import { cartRoutes } from './cart/routes';
import { certificateRoutes } from './certificates/routes';
import { chatRoutes } from './chat/routes';
import { invoiceRoutes } from './invoices/routes';
import { languageAssetRoutes } from './language-assets/routes';
import { mailRoutes } from './mail/routes';
import { messageRoutes } from './messages/routes';
import { moderationRoutes } from './moderation/routes';
import { statementRoutes } from './statements/routes';
import { partnerRoutes } from './partner/routes';
import { rateRoutes } from './rates/routes';
import { clientAlertRoutes } from './client-alerts/routes';

import { lmDashboardRoutes } from './lm-dashboard/routes';
import { paymentRoutes } from './payments/routes';
import { convertAdminRoutes } from './payouts/admin-routes';
import { payoutMethodRoutes } from './payouts/method-routes';
import { payoutRoutes } from './payouts/routes';
import { paypalWebhookRoutes } from './payouts/paypal-webhook-routes';
import { creditActionRoutes } from './credit-actions/routes';
import { dashboardRoutes } from './dashboard/routes';
import { demoProjectRoutes } from './demo-project/routes';
import { probationRoutes } from './probation/routes';
import { apiDocsRoutes } from './public-api/docs-routes';
import { oauthRoutes } from './oauth/routes';
import { publicApiRoutes } from './public-api/routes';
import { webhookSettingsRoutes } from './public-api/settings-routes';
import { pricingRoutes } from './pricing/routes';
import { projectListRoutes } from './project-lists/routes';
import { profileRoutes } from './profile/routes';
import { profileExtraRoutes } from './profile/extra-routes';
import { subAccountRoutes } from './profile/sub-account-routes';
import { translatorProfileRoutes } from './profile/translator-routes';
import { voiceRoutes } from './profile/voice-routes';
import { projectRoutes } from './projects/routes';
import { qualityReportRoutes } from './quality-reports/routes';
import { realtimeRoutes } from './realtime/routes';
import { resourceRoutes } from './resources/routes';
import { registryRoutes } from './registry/routes';
import { wizardRoutes } from './wizard/routes';
import { workbenchRoutes } from './workbench/routes';

/** Every business area, registered in this order by buildApp. */
export const MODULES: FastifyPluginAsync[] = [
  registryRoutes,
  authRoutes,
  adminRoutes,
  pricingRoutes,
  wizardRoutes,
  paymentRoutes,
  cartRoutes,
  billingRoutes,
  invoiceRoutes,
  demoProjectRoutes,
  projectRoutes,
  projectListRoutes,
  resourceRoutes,
  realtimeRoutes,
  profileRoutes,
  mailRoutes,
  translatorProfileRoutes,
  subAccountRoutes,
  profileExtraRoutes,
  voiceRoutes,
  messageRoutes,
  statementRoutes,
  partnerRoutes,
  rateRoutes,
  clientAlertRoutes,
  lmDashboardRoutes,
  payoutRoutes,
  convertAdminRoutes,
  payoutMethodRoutes,
  paypalWebhookRoutes,
  creditActionRoutes,
  probationRoutes,
  moderationRoutes,
  publicApiRoutes,
  oauthRoutes,
  webhookSettingsRoutes,
  apiDocsRoutes,
  chatRoutes,
  qualityReportRoutes,
  dashboardRoutes,
  languageAssetRoutes,
  certificateRoutes,
  workbenchRoutes,
];
