/**
 * What a tab keeps of its scroll positions in `sessionStorage`: React Router's pixel positions, and
 * the section the top of the window was in and how far into it, by history entry.
 *
 * The section is kept because the home page's hero headline is drawn anew for every load (SPEC
 * section 2), and another headline may take more or fewer lines; and because its message guide,
 * drawn only near the screen (`later-section`), stands in with a guessed height when the page is
 * made again: everything below them moves between one showing of the page and the next, and a
 * pixel position put back lands that far off. A page that has the section is put back against it,
 * as the browser's own restoration keeps an element in view; pages without sections keep pixels
 * only. The code that notes and finds sections is scroll-anchors.ts, fetched when the visitor first
 * scrolls a page with sections; the inline script (scroll-restore-script.server.ts) reads both.
 */

/** React Router's own key for pixel positions: those stored before the store kept its own are found. */
export const POSITIONS_KEY = 'react-router-scroll-positions';

/** The tab's sections of positions: history entry key → [section id, pixels into it], or null. */
export const ANCHORS_KEY = 'studio-lumi-scroll-anchors';

/** A section's id, and how many pixels into it the top of the window was. */
export type ScrollAnchor = [id: string, offset: number];
