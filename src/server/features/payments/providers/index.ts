/** The provider registry: PAYMENTS_PROVIDER picks one (the sandbox unless a Toss secret is set). */
import type { Config } from '../../../config.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createTossProvider, TOSS_API_BASE, TOSS_DOCS_CLIENT_KEY, TOSS_DOCS_SECRET_KEY } from './toss.ts';

export type { PaymentProvider } from './provider.ts';

export interface Payments {
  provider: PaymentProvider;
  /** Present when the sandbox is the provider: its payment page signs approvals with it. */
  sandbox: ReturnType<typeof createSandboxProvider> | undefined;
}

export function createPayments(config: Config, secret: string): Payments {
  if (config.paymentsProvider === 'toss') {
    return {
      provider: createTossProvider({
        apiBase: (config.TOSS_API_BASE ?? TOSS_API_BASE).replace(/\/+$/, ''),
        clientKey: config.TOSS_CLIENT_KEY ?? TOSS_DOCS_CLIENT_KEY,
        secretKey: config.TOSS_SECRET_KEY ?? TOSS_DOCS_SECRET_KEY,
        timeoutMs: config.TOSS_TIMEOUT_MS,
      }),
      sandbox: undefined,
    };
  }
  const sandbox = createSandboxProvider(secret);
  return { provider: sandbox, sandbox };
}
