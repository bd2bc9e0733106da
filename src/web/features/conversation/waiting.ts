/**
 * What waits for the signed-in person in order conversations (the top bar's account menu, issue 35):
 * their unread texts from staff, and for staff the customers waiting for a reply. Asked when the menu
 * appears, when the tab comes back into view, when a thread on the page is read, and on every live
 * event the page's stream hears (the menu opens no stream of its own: a page without a thread stays
 * without one). Lives in the menu's lazy code, never in a page's first load.
 */
import { useEffect, useState } from 'react';
import { apiRequest, type StoreHeaders } from '../../api-client.ts';

export interface Waiting {
  unread: number;
  awaitingReply: number | null;
}

const READ_EVENT = 'lumi:messages-read';

/** Tells the menu that a thread was read here, so its count drops without waiting. */
export function announceRead(): void {
  window.dispatchEvent(new Event(READ_EVENT));
}

/** Null until known (and when it cannot be asked: nothing alarming is shown). */
export function useWaitingMessages(userId: string, store: StoreHeaders): Waiting | null {
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const { lang, country } = store;
  useEffect(() => {
    let gone = false;
    let timer: number | undefined;
    const ask = async () => {
      const result = await apiRequest<Waiting & { success: true }>('GET', '/api/messages/waiting', undefined, { lang, country });
      if (!gone && result.ok) setWaiting({ unread: result.data.unread, awaitingReply: result.data.awaitingReply });
    };
    // A burst of events (a payment's entries, a thread's messages) asks once.
    const soon = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void ask(), 300);
    };
    const visible = () => { if (document.visibilityState === 'visible') soon(); };
    void ask();
    document.addEventListener('visibilitychange', visible);
    window.addEventListener(READ_EVENT, soon);
    let stop = () => {};
    void import('./live-events.ts').then(({ onEveryEvent }) => { if (!gone) stop = onEveryEvent(soon); });
    return () => {
      gone = true;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', visible);
      window.removeEventListener(READ_EVENT, soon);
      stop();
    };
  }, [userId, lang, country]);
  return waiting;
}
