/**
 * The provider registry (D26, after Epic Stack's provider registry): which provider carries each
 * payment choice of each store. A provider whose keys are set is the real one (Toss, Stripe,
 * PayPal); without them the offline sandbox stands in (D29), so a fresh machine and the tests can
 * buy in every store with no network. On https without ALLOW_TEST_PAYMENTS a provider that would
 * take test payments is closed (config.closedGateways): its choices are offered nowhere, and its
 * stores say payments are not open yet (D29 amended).
 */
import { DomainError } from '../../../../domain/errors.ts';
import { GATEWAY_OF, paymentChoicesOf, storeOffers, type Gateway, type PaymentChoice, type ProviderName } from '../../../../domain/payments.ts';
import type { CountryCode } from '../../../../domain/countries.ts';
import { PAYPAL_LIVE_API_BASE, type Config } from '../../../config.ts';
import type { PaymentProvider } from './provider.ts';
import { createPaypalProvider } from './paypal.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox.ts';
import { createStripeProvider } from './stripe.ts';
import { createTossProvider, TOSS_API_BASE, TOSS_DOCS_CLIENT_KEY, TOSS_DOCS_SECRET_KEY } from './toss.ts';

export type { PaymentProvider } from './provider.ts';

export interface StoreChoice {
  choice: PaymentChoice;
  provider: PaymentProvider;
}

export interface PaymentRegistry {
  /** The store's payment choices in SPEC's order, each with the provider that carries it now. */
  choicesFor(country: CountryCode): StoreChoice[];
  /** The provider for a choice the store offers; PAYMENT_METHOD_NOT_OFFERED otherwise. */
  forChoice(country: CountryCode, choice: PaymentChoice): PaymentProvider;
  /** A provider by name (refunds go back through the one that took the payment; webhooks). */
  byName(name: string | null): PaymentProvider | undefined;
  /** Every provider in use, real ones first. */
  all(): PaymentProvider[];
  /** Present when the sandbox stands in for at least one provider. */
  sandbox: SandboxProvider | undefined;
}

export function createPaymentRegistry(config: Config, secret: string): PaymentRegistry {
  const real: Partial<Record<Gateway, PaymentProvider>> = {};
  if (config.paymentsProvider === 'toss') {
    real.toss = createTossProvider({
      apiBase: (config.TOSS_API_BASE ?? TOSS_API_BASE).replace(/\/+$/, ''),
      clientKey: config.TOSS_CLIENT_KEY ?? TOSS_DOCS_CLIENT_KEY,
      secretKey: config.TOSS_SECRET_KEY ?? TOSS_DOCS_SECRET_KEY,
      timeoutMs: config.TOSS_TIMEOUT_MS,
    });
  }
  if (config.STRIPE_SECRET_KEY) {
    real.stripe = createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiBase: config.STRIPE_API_BASE, timeoutMs: config.PROVIDER_TIMEOUT_MS });
  }
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET) {
    const apiBase = (config.PAYPAL_API_BASE ?? PAYPAL_LIVE_API_BASE).replace(/\/+$/, '');
    real.paypal = createPaypalProvider({
      clientId: config.PAYPAL_CLIENT_ID, clientSecret: config.PAYPAL_CLIENT_SECRET, webhookId: config.PAYPAL_WEBHOOK_ID,
      apiBase, timeoutMs: config.PROVIDER_TIMEOUT_MS, live: apiBase === PAYPAL_LIVE_API_BASE,
    });
  }
  const missing = (['toss', 'stripe', 'paypal'] as const).some((gateway) => !real[gateway]);
  const sandbox = missing ? createSandboxProvider(secret) : undefined;
  const providerFor = (choice: PaymentChoice): PaymentProvider => real[GATEWAY_OF[choice]] ?? sandbox!;
  const open = (choice: PaymentChoice) => !config.closedGateways.has(GATEWAY_OF[choice]);
  const byName = new Map<ProviderName, PaymentProvider>(Object.values(real).map((provider) => [provider.name, provider]));
  if (sandbox) byName.set('sandbox', sandbox);

  return {
    choicesFor: (country) => paymentChoicesOf(country).filter(open).map((choice) => ({ choice, provider: providerFor(choice) })),
    forChoice(country, choice) {
      if (!storeOffers(country, choice) || !open(choice)) throw new DomainError('PAYMENT_METHOD_NOT_OFFERED', { detail: `${country} does not offer ${choice} now` });
      return providerFor(choice);
    },
    byName: (name) => (name ? byName.get(name as ProviderName) : undefined),
    all: () => [...byName.values()],
    sandbox,
  };
}
