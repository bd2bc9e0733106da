/**
 * A script the server puts at the top of every page's head (document-stream.server.ts), before
 * the body is parsed: it marks a document the browser has opened again, by a reload or a return
 * through history (`<html data-reopened>`). React Router puts such a page back where the visitor
 * was as its body is parsed, so the home page's sections must then be drawn at once, not in
 * pieces after the page is alive (app.css, docs/decisions/0046): in stand-in heights the page came
 * back thousands of pixels away. A browser that cannot tell counts as reopened (drawn at once).
 * On a page opened afresh it keeps React Router's router from opening `sessionStorage` for nothing
 * (fresh-page-storage.server.ts).
 * Server code: not a byte of the first load's JavaScript bundle.
 */
import { ROUTER_TRANSITIONS_STAND_IN } from './fresh-page-storage.server.ts';

const MARK = `(performance.getEntriesByType("navigation")[0]||{}).type!=="navigate"?document.documentElement.dataset.reopened="":${ROUTER_TRANSITIONS_STAND_IN}`;

export function reopenedMarkHtml(nonce: string): string {
  return `<script nonce="${nonce}">${MARK}</script>`;
}
