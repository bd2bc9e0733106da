/**
 * One live event stream per tab (GET /api/events, Server-Sent Events; D34): screens subscribe to an
 * order's events and refetch what changed. The stream opens with the first subscriber and closes
 * with the last, and on leaving the page (so the browser can keep it in its back-forward cache);
 * the browser reconnects by itself after a drop, sending the last event's id (the server gives one
 * as the stream opens), and the server replays what was missed, or says `reset` and screens
 * refetch. Imported only by lazy code, after a page has loaded: no page's first load carries it.
 */
import { guestSessionId } from '../accounts/guest-session.ts';

export interface LiveEvent {
  order: string;
  seq: number;
  /** The order's id, in staff's streams. */
  id?: string;
}

type Listener = (event: LiveEvent) => void;

/** Subscribes to every order the stream's caller may see (My Page, staff's lists). */
export const EVERY_ORDER = '*';

/**
 * The stream's address for a reader: a session needs nothing; a guest's browser names itself (an
 * EventSource sends no headers); a private link adds its order and key.
 */
export function eventsAddress(reader: { guest?: boolean; link?: { orderNumber: string; key: string } } = {}): string {
  if (!reader.guest && !reader.link) return '/api/events';
  const link: Record<string, string> = reader.link ? { order: reader.link.orderNumber, key: reader.link.key } : {};
  return `/api/events?${new URLSearchParams({ sessionId: guestSessionId(), ...link })}`;
}

let source: EventSource | null = null;
let address = '';
const listeners = new Set<{ order: string; listener: Listener }>();
/** Told of every event of the page's stream, without keeping one open (the account menu's count). */
const watchers = new Set<Listener>();

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
    for (const { order, listener } of listeners) if (order === EVERY_ORDER || order === event.order || order === event.id) listener(event);
    for (const watcher of watchers) watcher(event);
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
 * Calls `listener` for each event of `order` (its number, staff's order id, or EVERY_ORDER). `url`
 * names the caller as the page knows it (`eventsAddress`).
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

/** Calls `listener` for every event while the page has a stream open; opens none itself. */
export function onEveryEvent(listener: Listener): () => void {
  watchers.add(listener);
  return () => { watchers.delete(listener); };
}
