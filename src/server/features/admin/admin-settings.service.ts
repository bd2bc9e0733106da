/** The staff settings tab: each store's payment choices with the state of the provider behind each (never a key). */
import { COUNTRY_CODES } from '../../../domain/countries.ts';
import type { PaymentsService } from '../payments/payments.service.ts';

/** What the process runs on, shown beside the providers. */
export interface SystemFacts {
  storage: 'local' | 's3';
  mail: 'smtp' | 'outbox';
  /** The build running (build-info.ts): its version, commit and when it was built. */
  version: string;
  commit: string | null;
  builtAt: string | null;
}

export async function storeSettings(payments: PaymentsService, system: SystemFacts) {
  const providers = await payments.statuses();
  const stores = COUNTRY_CODES.map((country) => ({
    country,
    choices: payments.registry.choicesFor(country).map(({ choice, provider }) => ({ choice, ...providers.find((p) => p.name === provider.name)! })),
  }));
  return { stores, ...system };
}
