/**
 * Keeps a page's data current while it is open (D34, issue 35): when the live stream says an order
 * the reader may see changed (a message, a payment, a status, a delivery), the page's loaders run
 * again: a burst asks once, at most once per `gapMs`, and a hidden tab asks when it comes back. The
 * stream's code is fetched after the page has loaded, never with it.
 */
import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';

/** A tiny wait gathers what one change brings (a payment's entry and its mail, a thread's two messages). */
const GATHER_MS = 150;

export function useLiveRevalidation(options: { enabled: boolean; link?: { orderNumber: string; key: string }; gapMs?: number }): void {
  const { enabled, link, gapMs = 1000 } = options;
  const revalidator = useRevalidator();
  const latest = useRef(revalidator.revalidate);
  latest.current = revalidator.revalidate;
  const orderNumber = link?.orderNumber;
  const key = link?.key;

  useEffect(() => {
    if (!enabled) return;
    let gone = false;
    let stop = () => {};
    let timer: number | undefined;
    let last = 0;
    let owed = false;
    const run = () => {
      timer = undefined;
      if (document.visibilityState !== 'visible') {
        owed = true;
        return;
      }
      owed = false;
      last = Date.now();
      void latest.current();
    };
    const changed = () => {
      if (timer === undefined) timer = window.setTimeout(run, Math.max(GATHER_MS, last + gapMs - Date.now()));
    };
    const visible = () => { if (owed && document.visibilityState === 'visible') changed(); };
    document.addEventListener('visibilitychange', visible);
    void import('./live-events.ts').then(({ eventsAddress, subscribe, EVERY_ORDER }) => {
      if (gone) return;
      const address = orderNumber && key ? eventsAddress({ link: { orderNumber, key } }) : eventsAddress();
      stop = subscribe(address, EVERY_ORDER, changed);
    });
    return () => {
      gone = true;
      stop();
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [enabled, orderNumber, key, gapMs]);
}
