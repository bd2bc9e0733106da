/**
 * The store's payment methods for a dialog that pays (the checkout dialog, an unpaid order's
 * dialog), fetched when it opens. A fetch that fails says so and can be tried again, instead of
 * leaving the dialog on "Loading payment methods…" for good.
 */
import { useCallback, useEffect, useState } from 'react';
import { apiRequest, type StoreHeaders } from '../../api-client.ts';
import type { PaymentSettings } from '../../../domain/contract/payments.ts';

export interface PaymentSettingsLoad {
  settings: PaymentSettings | null;
  /** Set when the last fetch failed: what the payer presses to fetch again. */
  failed: { retry: () => void } | null;
}

/** `enabled`: false until the dialog may show methods (a visitor not yet signed in or a guest). */
export function usePaymentSettings(store: StoreHeaders, enabled = true): PaymentSettingsLoad {
  const [settings, setSettings] = useState<PaymentSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void apiRequest<PaymentSettings>('GET', '/api/payments/settings', undefined, store).then((result) => {
      if (!live) return;
      if (result.ok) setSettings({ choices: result.data.choices, tossClientKey: result.data.tossClientKey, test: result.data.test });
      else setFailed(true);
    });
    return () => {
      live = false;
    };
    // The store of an open dialog does not change; a new attempt or the dialog becoming able to pay fetches again.
  }, [enabled, attempt]);
  return { settings, failed: failed ? { retry } : null };
}
