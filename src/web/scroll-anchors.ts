/**
 * Notes and finds the section of a scroll position (scroll-storage.ts says why). A chunk of its
 * own, fetched when the visitor first scrolls a page with sections: before that the position is
 * the page's top, and the first load's script budget has no room for it.
 */
import { ANCHORS_KEY, type ScrollAnchor } from './scroll-storage.ts';

/** This document's sections of positions, by history entry key; null where a position had none. */
const anchors: Record<string, ScrollAnchor | null> = {};

/** Notes the section the top of the window is in, for the history entry `key` (the page shown). */
export function keepAnchor(key: string): void {
  let anchor: ScrollAnchor | null = null;
  for (const section of document.querySelectorAll<HTMLElement>('main section[id]')) {
    const box = section.getBoundingClientRect();
    // A section that is not drawn (display: none) has no height and no place to keep.
    if (box.height && box.top <= 0) anchor = [section.id, -box.top];
  }
  anchors[key] = anchor;
}

/** Where the section noted for the history entry `key` is now; undefined if the page lacks it. */
export function anchoredY(key: string): number | undefined {
  const anchor = anchors[key];
  const section = anchor && document.getElementById(anchor[0]);
  return anchor && section ? section.getBoundingClientRect().top + window.scrollY + anchor[1] : undefined;
}

/** Stores the tab's sections for its next document, beside those stored before (on leaving). */
export function storeAnchors(): void {
  try {
    sessionStorage.setItem(ANCHORS_KEY, JSON.stringify({ ...JSON.parse(sessionStorage.getItem(ANCHORS_KEY) ?? '{}'), ...anchors }));
  } catch {
    // Storage full, refused or unreadable: a page opened again then comes back in pixels.
  }
}
