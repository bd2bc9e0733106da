/**
 * The home page's lower sections are a chunk of their own, so after a client navigation from
 * another page (a footer link, "ask for a quote") the element is not there yet when React
 * Router's scroll restoration looks for it, and on a first load the server's copy of them can be
 * replaced while the chunk arrives. For a few seconds after a navigation to a #section, the
 * section is checked once a frame and, when the page has stopped scrolling and the section is not
 * where the visitor was sent, brought back into place; the watch ends as soon as the visitor
 * scrolls on their own.
 *
 * Only once scrolling has stopped: a same-page link's scrollIntoView is smooth (html's
 * scroll-behavior; scroll-restoration.tsx opens another page's section at once), and Chromium
 * lands an instant scroll made while that animation runs hundreds of pixels past its target.
 * Once a frame rather than on DOM changes: a smooth scroll that ends in the wrong place changes
 * nothing in the DOM.
 */
const WATCH_MS = 6000;
/** How long the page must have kept still before the watch moves it. */
const SETTLED_MS = 150;
/** Where a section lands: below the fixed top bar (html's scroll-padding-top), give or take. */
const LANDED_WITHIN_PX = 120;
const VISITOR_INPUT = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

/** Watches for `hash`'s section (e.g. "#pricing"); answers how to stop watching. */
export function watchHash(hash: string): () => void {
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return () => {}; // a malformed #%E0 names no section
  }
  const until = performance.now() + WATCH_MS;
  let lastY = window.scrollY;
  let stillSince = performance.now();
  let frame = 0;
  const check = () => {
    const now = performance.now();
    if (window.scrollY !== lastY) {
      lastY = window.scrollY;
      stillSince = now;
    }
    const target = document.getElementById(id);
    if (target && now - stillSince >= SETTLED_MS) {
      const top = target.getBoundingClientRect().top;
      if (top < 0 || top > LANDED_WITHIN_PX) target.scrollIntoView({ behavior: 'instant' });
    }
    if (now < until) frame = requestAnimationFrame(check);
    else stop();
  };
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of VISITOR_INPUT) window.removeEventListener(type, stop);
  };
  for (const type of VISITOR_INPUT) window.addEventListener(type, stop, { passive: true });
  frame = requestAnimationFrame(check);
  return stop;
}
