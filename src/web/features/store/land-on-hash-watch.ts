/**
 * The home page's lower sections are a chunk of their own, so after a client navigation from
 * another page (a footer link, "ask for a quote") the element is not there yet when React
 * Router's scroll restoration looks for it, and on a first load the server's copy of them can be
 * replaced while the chunk arrives. For a few seconds after a navigation to a #section, whenever
 * the page changes and the section is not where the visitor was sent, it is brought back into
 * place; the watch ends as soon as the visitor scrolls on their own.
 */
const WATCH_MS = 6000;
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
  const land = () => {
    const target = document.getElementById(id);
    if (!target) return;
    const top = target.getBoundingClientRect().top;
    if (top < 0 || top > LANDED_WITHIN_PX) target.scrollIntoView({ behavior: 'instant' });
  };
  const observer = new MutationObserver(land);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of VISITOR_INPUT) window.removeEventListener(type, stop);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(stop, WATCH_MS);
  for (const type of VISITOR_INPUT) window.addEventListener(type, stop, { passive: true });
  // The section may be there already (it came before this code did).
  land();
  return stop;
}
