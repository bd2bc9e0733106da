/**
 * A provider call given at most `ms` to answer, its body included: the signal aborts with a
 * TimeoutError then, and the timer is cleared the moment the call ends.
 *
 * Not `AbortSignal.timeout`: its timer cannot be cleared, and it fires for every signal still
 * reachable when it runs out, long after the call has ended. Signals outlive a scavenge, so they
 * lie in the old generation until a mark-compact, which under steady load comes every 20-30 s:
 * nearly every Toss call's timer fired ten seconds later, building a TimeoutError with its stack
 * trace and dispatching an abort nobody listened to. In bench:orders that was 1.6% of the store's
 * busy time, paid in the middle of later orders.
 */
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
