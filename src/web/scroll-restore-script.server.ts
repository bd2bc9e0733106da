/**
 * The script `<ScrollRestoration>` puts after the page's content (scroll-restoration.tsx): it runs
 * as the body is parsed, and puts a page opened again (a reload, a return through history) back
 * where the visitor was before its first paint, against the section they were in where the page
 * has it (scroll-storage.ts). On a page opened afresh it only gives the history entry its key and
 * index, without opening `sessionStorage` (docs/decisions/0054).
 * A page it puts back is taken from the browser's own restoration: on a reload (the page leaves
 * restoration to the browser as it goes, scroll-restoration.tsx) Chromium also restored its old
 * pixel position when the page had loaded, smoothly, from where the script had put it: under load,
 * after the section's place, 120-180 px off in the tests.
 * Server code: the browser keeps the server's copy, so none of it is in the JavaScript bundle.
 */
import { ANCHORS_KEY, POSITIONS_KEY } from './scroll-storage.ts';

export const SCROLL_RESTORE_SCRIPT = `(function(k,a){var h=history,s=h.state;if(!s||!s.key){h.replaceState({key:Math.random().toString(32).slice(2),idx:0},"");return}try{var y=JSON.parse(sessionStorage.getItem(k)||"{}")[s.key],c=JSON.parse(sessionStorage.getItem(a)||"{}")[s.key],e=c&&document.getElementById(c[0]);if(e)y=e.getBoundingClientRect().top+scrollY+c[1];typeof y=="number"&&(h.scrollRestoration="manual",scrollTo({top:y,behavior:"instant"}))}catch(e){sessionStorage.removeItem(k);sessionStorage.removeItem(a)}})(${JSON.stringify(POSITIONS_KEY)},${JSON.stringify(ANCHORS_KEY)})`;
