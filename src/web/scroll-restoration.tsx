/**
 * React Router's `<ScrollRestoration>` (the same storage key, the same positions, the same
 * restoring on reloads, returns through history and client navigations), except that:
 *
 * - a page opened afresh does not touch `sessionStorage` while it loads (docs/decisions/0054);
 * - a position is also kept against the section it was in, and put back against it where the page
 *   has that section (scroll-storage.ts): the home page's hero changes height between loads;
 * - a position, or another page's section, is reached at once, never by a smooth scroll.
 *
 * The first use of `sessionStorage` in a document asks the browser process for the tab's storage,
 * a synchronous round trip: measured in Lighthouse's traced loads here it made React Router's inline
 * script a 21-28 ms task of its own inside the document's parse, and its hook then read the storage
 * again while hydrating. Neither can find anything on a page opened afresh: its history entry has
 * no key until the script makes one, and positions are stored under those keys. So here:
 *
 * - the inline script (the server's, scroll-restore-script.server.ts) makes the entry's key on a
 *   fresh page and reads the storage only on a page opened again (an entry that has a key: a
 *   reload, a return through history);
 * - the hook reads the stored positions while hydrating only on a page the head's script marked as
 *   opened again by the navigation's type (`html[data-reopened]`, reopened-mark.server.ts);
 * - on leaving a fresh page, the positions stored by the tab's earlier documents are read and kept
 *   beside this document's (React Router's hook kept them by reading them at load).
 */
import { useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useLocation, useNavigation } from 'react-router';
import { useInlineText } from './components/document-context.tsx';
import { POSITIONS_KEY } from './scroll-storage.ts';

/** The positions of this tab's history entries, by key; the router writes into this very object. */
const positions: Record<string, number> = {};
/** The code that keeps positions against sections, once a page with sections has been scrolled. */
let anchors: typeof import('./scroll-anchors.ts') | undefined;
/** Whether `positions` holds what was stored at load (a page opened again). */
let storedRead = false;

function storedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(POSITIONS_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function useScrollRestoration(): void {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useContext(UNSAFE_DataRouterStateContext);
  const location = useLocation();
  const navigation = useNavigation();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.history.scrollRestoration = 'manual';
    };
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pageshow', onShow);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Fetched at the first scroll of a page with sections: until then its position is its top. The
  // selector is scroll-anchors.ts' own, written out here too: shared, the bundler moved it into the
  // first load's shared chunk, past the script budget.
  useEffect(() => {
    if (anchors || !document.querySelector('main section[id]')) return;
    const fetchAnchors = () => void import('./scroll-anchors.ts').then((code) => (anchors = code));
    window.addEventListener('scroll', fetchAnchors, { once: true, passive: true });
    return () => window.removeEventListener('scroll', fetchAnchors);
  }, [location.pathname]);

  useEffect(() => {
    const onHide = () => {
      if (navigation.state === 'idle') {
        positions[location.key] = window.scrollY;
        anchors?.keepAnchor(location.key);
      }
      anchors?.storeAnchors();
      try {
        sessionStorage.setItem(POSITIONS_KEY, JSON.stringify(storedRead ? positions : { ...storedPositions(), ...positions }));
      } catch {
        // Storage full or refused: positions are then kept for this document only, as React Router's.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [navigation.state, location]);

  useLayoutEffect(() => {
    if (!storedRead && document.documentElement.dataset.reopened !== undefined) {
      Object.assign(positions, storedPositions());
      storedRead = true;
    }
    if (!router) return;
    // The router asks for the position of the page shown as a navigation starts, before the next
    // page replaces it: its section is noted then too.
    return router.enableScrollRestoration(positions, () => {
      anchors?.keepAnchor(router.state.location.key);
      return window.scrollY;
    });
  }, [router]);

  const restore = state?.restoreScrollPosition;
  const preventReset = state?.preventScrollReset;
  /** The page shown before (path and query): a hash on the same page is an in-page link. */
  const shownPage = useRef(location.pathname + location.search);
  // A page is put at its top or back where the visitor was at once: `scroll-behavior: smooth`
  // (app.css, for in-page links) made a new page scroll through itself from the old position.
  useLayoutEffect(() => {
    const page = location.pathname + location.search;
    const samePage = page === shownPage.current;
    shownPage.current = page;
    if (restore === false) return;
    if (typeof restore === 'number') {
      window.scrollTo({ top: anchors?.anchoredY(location.key) ?? restore, behavior: 'instant' });
      return;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          // An in-page link glides to its section, as the design has it; a section of another page
          // is opened at once, as a browser opens a link to it, not by scrolling through that page.
          target.scrollIntoView(samePage ? undefined : { behavior: 'instant' });
          return;
        }
      } catch {
        // A hash that does not decode names no element: scroll as for none.
      }
    }
    if (preventReset === true) return;
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [location, restore, preventReset]);
}

export function ScrollRestoration({ nonce }: { nonce?: string }) {
  useScrollRestoration();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: useInlineText('scrollRestoreScript') }} />;
}
