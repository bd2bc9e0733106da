/**
 * A finished call to Toss or PayPal leaves nothing armed (decision 0033). The providers' calls,
 * against their fake APIs on loopback, run through a dispatcher that keeps each call's abort
 * signal: once the call has answered, its deadline passing must not abort it. With
 * `AbortSignal.timeout` it did, for every call still reachable then, ten seconds after each order
 * under load. That the deadline still ends a call that gets no answer is held by the orders'
 * tests (a "slow" Toss payment answers NETWORK_ERROR).
 */
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPaypalProvider } from '../../src/server/features/payments/providers/paypal.ts';
import { createTossProvider } from '../../src/server/features/payments/providers/toss.ts';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_SECRET, startFakePaypal } from './support/paypal.ts';
import { FAKE_TOSS_CLIENT, FAKE_TOSS_SECRET, startFakeToss } from './support/toss.ts';

// Far above a loopback call's time even on a slow, loaded machine, where a first call (a new
// connection, the fake's first answer) can take hundreds of milliseconds and one past the deadline
// would fail the test as NETWORK_ERROR; and short enough to wait out.
const DEADLINE_MS = 1000;

/** An agent that remembers the signal of every request it carries. */
class SignalKeeper extends Agent {
  readonly signals: AbortSignal[] = [];
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const { signal } = options as { signal?: AbortSignal };
    if (signal) this.signals.push(signal);
    return super.dispatch(options, handler);
  }
}

let toss: Awaited<ReturnType<typeof startFakeToss>>;
let paypal: Awaited<ReturnType<typeof startFakePaypal>>;
const previous = getGlobalDispatcher();
const keeper = new SignalKeeper();
beforeAll(async () => {
  [toss, paypal] = await Promise.all([startFakeToss(), startFakePaypal()]);
  setGlobalDispatcher(keeper);
});
afterAll(async () => {
  setGlobalDispatcher(previous);
  await keeper.close();
  await Promise.all([toss?.stop(), paypal?.stop()]);
});

it('does not abort a Toss or PayPal call that has answered once its deadline passes', async () => {
  const tossProvider = createTossProvider({ apiBase: toss.url, clientKey: FAKE_TOSS_CLIENT, secretKey: FAKE_TOSS_SECRET, timeoutMs: DEADLINE_MS });
  const paypalProvider = createPaypalProvider({ apiBase: paypal.url, clientId: FAKE_PAYPAL_CLIENT_ID, clientSecret: FAKE_PAYPAL_SECRET, webhookId: undefined, timeoutMs: DEADLINE_MS, live: false });
  const word = await tossProvider.confirm({ reference: 'ok_deadline', orderNumber: 'ORDER-DEADLINE-1', amountMinor: 35_000, currency: 'KRW', idempotencyKey: 'confirm:deadline' });
  expect(word.state).toBe('paid');
  expect(await paypalProvider.reachable()).toBe(true);
  expect(keeper.signals.length).toBeGreaterThanOrEqual(2);

  // Past every deadline, by the clock the timers run on.
  await new Promise((resolve) => setTimeout(resolve, 2 * DEADLINE_MS));
  expect(keeper.signals.filter((signal) => signal.aborted).map((signal) => String(signal.reason))).toEqual([]);
});
