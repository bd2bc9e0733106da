/**
 * How the fake providers deliver their webhooks to the store, as Stripe and PayPal do: a POST of
 * the signed event, its answer's status recorded; deliveries the fake makes by itself (after the
 * answer that caused them) are fire and forget, and `flush()` waits for them.
 */
export interface Delivery<Subject> {
  eventId: string;
  type: string;
  subject: Subject;
  /** The store's answer, or null when it never came. */
  status: number | null;
}

export function webhookSender<Subject>(url: string | undefined, provider: string) {
  const deliveries: Array<Delivery<Subject>> = [];
  const pending = new Set<Promise<unknown>>();
  const stopping = new AbortController();

  async function send(event: { id: string; type: string; subject: Subject; headers: Record<string, string>; body: string }): Promise<number | null> {
    if (!url) throw new Error(`fake ${provider}: started without webhookUrl`);
    let status: number | null = null;
    try {
      const response = await fetch(url, { method: 'POST', headers: event.headers, body: event.body, signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(10_000)]) });
      await response.arrayBuffer();
      status = response.status;
    } finally {
      deliveries.push({ eventId: event.id, type: event.type, subject: event.subject, status });
    }
    return status;
  }

  return {
    deliveries,
    send,
    /** Fire and forget, after the answer that caused it (the provider's own retries are no business of the caller). */
    later(deliver: () => Promise<unknown>): void {
      if (!url) return;
      const delivery = new Promise((resolve) => setImmediate(resolve))
        .then(deliver)
        .catch(() => undefined)
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    /** Waits for the deliveries the fake made by itself. */
    async flush(): Promise<void> {
      while (pending.size) await Promise.all(pending);
    },
    stop: () => stopping.abort(),
  };
}
