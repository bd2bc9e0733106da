/**
 * Keeps React Router's router from opening `sessionStorage` while a page opened afresh hydrates
 * (docs/decisions/0055). Server code: it runs in the head's first script (reopened-mark.server.ts),
 * not a byte of the first load's JavaScript bundle.
 *
 * When the router is made (inside React's first render of the page), it reads the view transitions
 * it applied earlier in the tab from `sessionStorage` ("remix-router-transitions"). On a fresh page
 * that read is the document's first use of the storage: a synchronous round trip to the browser
 * process inside a hydration slice (up to 32 ms timed here on a busy machine). It cannot find
 * anything: the router writes that key only after applying a view transition, and this store
 * applies none (no link or navigation asks for `viewTransition`; `fresh-page-storage.test.ts` holds
 * it, and that the router's key is still this one).
 *
 * So, on a page the navigation did not open again, the first reader of `window.sessionStorage`
 * gets a stand-in that answers "nothing" for that key alone and hands everything else to the real
 * storage, opened only if asked; the window's own `sessionStorage` is put back at that first read.
 * A page opened again (a reload, a return through history) reads the storage as before.
 */

/** React Router's key for the view transitions it applied (its router.ts). */
export const ROUTER_TRANSITIONS_KEY = 'remix-router-transitions';

/** A statement for the head's script, run on a page opened afresh. */
export const ROUTER_TRANSITIONS_STAND_IN = `(function(w,p,o){o=Object.getOwnPropertyDescriptor(w,p);o&&o.configurable&&o.get&&Object.defineProperty(w,p,{configurable:!0,enumerable:o.enumerable,get:function(){Object.defineProperty(w,p,o);var s,r=function(){return s||(s=o.get.call(w))};return new Proxy({},{get:function(t,n){if(n=="getItem")return function(k){return k==${JSON.stringify(ROUTER_TRANSITIONS_KEY)}?null:r().getItem(k)};var v=r()[n];return typeof v=="function"?v.bind(r()):v}})}})})(window,"sessionStorage")`;
