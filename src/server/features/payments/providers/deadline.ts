/**
 * Calls to a provider's REST API with a deadline that is cleared the moment the call ends.
 *
 * Not `AbortSignal.timeout`: its timer cannot be cleared, and it fires for every signal still
 * reachable when it runs out, long after the call has ended. Signals outlive a scavenge, so they
 * lie in the old generation until a mark-compact, which under steady load comes every 20-30 s:
 * nearly every Toss call's timer fired ten seconds later, building a TimeoutError with its stack
 * trace and dispatching an abort nobody listened to. In bench:orders that was 1.6% of the store's
 * busy time, paid in the middle of later orders (docs/decisions/0033).
 */
import { request } from 'undici';

/** Runs `call` with a signal that aborts with a TimeoutError after `ms`, unless the call has ended. */
export async function withDeadline<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError')), ms);
  // A call in flight does not keep a stopping process alive; the call itself ends with its socket.
  timer.unref();
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

export interface ProviderCall {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/**
 * One HTTP call (undici's request: the same client as fetch without WHATWG streams, about a tenth
 * of the store's CPU per checkout less), its answer read whole within `ms` and parsed as JSON (null
 * when it is empty or not JSON). Rejects when the provider is unreachable, resets or runs out of
 * time, also while its answer is arriving.
 */
export async function requestJson(url: string, call: ProviderCall, ms: number): Promise<{ status: number; body: unknown }> {
  const { status, text } = await withDeadline(ms, async (signal) => {
    const response = await request(url, { ...call, signal });
    return { status: response.statusCode, text: await response.body.text() };
  });
  try {
    return { status, body: text ? JSON.parse(text) as unknown : null };
  } catch {
    return { status, body: null };
  }
}
