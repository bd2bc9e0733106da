/**
 * One live event stream per tab (GET /api/events, Server-Sent Events; D34): screens subscribe to an
 * order's events and refetch what changed. The stream opens with the first subscriber and closes
 * with the last, and on leaving the page (so the browser can keep it in its back-forward cache);
 * the browser reconnects by itself after a drop, sending the last event's id (the server gives one
 * as the stream opens), and the server replays what was missed, or says `reset` and screens refetch. Imported only by the conversation's lazy code: no page's first load carries it.
 */

export interface LiveEvent {
  order: string;
  seq: number;
  /** The order's id, in staff's streams. */
  id?: string;
}

type Listener = (event: LiveEvent) => void;

let source: EventSource | null = null;
let address = '';
const listeners = new Set<{ order: string; listener: Listener }>();

function connect() {
  if (source || !address) return;
  source = new EventSource(address);
  source.addEventListener('message', (message) => {
    let event: LiveEvent;
    try {
      event = JSON.parse((message as MessageEvent<string>).data) as LiveEvent;
    } catch {
      return;
    }
    for (const { order, listener } of listeners) if (order === event.order || order === event.id) listener(event);
  });
  // Too much was missed to replay: every screen fetches afresh.
  source.addEventListener('reset', () => {
    for (const { order, listener } of listeners) listener({ order, seq: 0 });
  });
  source.addEventListener('bye', (message) => {
    // Signed out: nothing more will come on this page. A restart: the browser comes back by itself.
    if ((message as MessageEvent<string>).data.includes('signed-out')) disconnect();
  });
}

function disconnect() {
  source?.close();
  source = null;
}

/** Whether events are arriving now; when not, screens refetch on a clock instead. */
export const liveConnected = () => source?.readyState === EventSource.OPEN;

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', disconnect);
  window.addEventListener('pageshow', (event) => { if (event.persisted && listeners.size) connect(); });
}

/**
 * Calls `listener` for each event of `order` (its number, or staff's order id). `url` names the
 * caller as the page knows it (a guest's id and a private link's key go in the address: an
 * EventSource sends no headers).
 */
export function subscribe(url: string, order: string, listener: Listener): () => void {
  if (address !== url) {
    disconnect();
    address = url;
  }
  const entry = { order, listener };
  listeners.add(entry);
  connect();
  return () => {
    listeners.delete(entry);
    if (listeners.size === 0) disconnect();
  };
}
