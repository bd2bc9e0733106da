/** A Server-Sent Events reader for the tests of GET /api/events (integration and scale). */
export interface Received { event: string; id?: string; data: Record<string, unknown> }

/** An SSE reader: the events as they come, and a wait for the next one that matches. */
export async function openStream(origin: string, path: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${origin}${path}`, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const received: Received[] = [];
  const waiting: Array<{ match: (e: Received) => boolean; resolve: (e: Received) => void }> = [];
  let buffer = '';
  const pump = (async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = Object.fromEntries(block.split('\n').filter((l) => l && !l.startsWith(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
          if (!fields.event) continue;
          const event: Received = { event: fields.event, ...(fields.id ? { id: fields.id } : {}), data: JSON.parse(fields.data ?? '{}') };
          received.push(event);
          for (const w of [...waiting]) if (w.match(event)) { waiting.splice(waiting.indexOf(w), 1); w.resolve(event); }
        }
      }
    } catch { /* aborted */ }
  })();
  return {
    response,
    received,
    next(match: (e: Received) => boolean, timeoutMs = 5000): Promise<Received> {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(received)}`)), timeoutMs);
        waiting.push({ match, resolve: (e) => { clearTimeout(timer); resolve(e); } });
      });
    },
    async close() { controller.abort(); await pump; },
  };
}
