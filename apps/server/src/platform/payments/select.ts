import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { SandboxProvider } from './sandbox';
import { StripeProvider, stripeClient } from './stripe';

/** The card processor of this configuration: Stripe when its keys are set, else the sandbox. */
export function createCardProcessor(config: Pick<Config, 'stripe'>): PaymentProvider {
  return config.stripe ? new StripeProvider(stripeClient(config.stripe)) : new SandboxProvider();
}
