/**
 * The top bar shows the links that fit beside its buttons and leaves the rest to the menu (a
 * "priority+" bar). The links sit in one row that wraps into a clipped second row, so the server's
 * HTML already shows only what fits; once the page runs, the wrapped ones are also taken out of
 * the keyboard order and the accessibility tree (they are in the menu), and again on every resize.
 * Whether they all fit is written on the top bar (`data-links`: all or some; absent until
 * measured, when the style sheet's breakpoint decides), where `.menu-toggle` (app.css) reads it:
 * as React state it rendered the whole top bar again right after every page's hydration
 * (32-41 components, issue 37).
 */
import { useEffect, useRef } from 'react';

/** The list's ref. */
export function useFittingLinks<T extends HTMLElement>(labels: string): React.RefObject<T | null> {
  const ref = useRef<T>(null);
  // Measured again when the links' words change (another language or store) and whenever the list
  // or any link changes size (a web font arriving).
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const mark = () => {
      // Hidden below its breakpoint (display: none): nothing shows, the menu holds every link.
      const shown = list.offsetParent !== null;
      const box = list.getBoundingClientRect();
      let fit = shown;
      for (const item of Array.from(list.children) as HTMLElement[]) {
        const itemBox = item.getBoundingClientRect();
        // Wrapped into the clipped row, or a first link wider than the room it has.
        const clipped = shown && (itemBox.top - box.top > 4 || itemBox.right > box.right + 1);
        item.style.visibility = clipped ? 'hidden' : '';
        item.inert = clipped;
        item.toggleAttribute('aria-hidden', clipped);
        if (clipped) fit = false;
      }
      list.closest('header')!.dataset.links = fit ? 'all' : 'some';
    };
    mark();
    const observer = new ResizeObserver(mark);
    observer.observe(list);
    for (const item of Array.from(list.children)) observer.observe(item);
    return () => observer.disconnect();
  }, [labels]);
  return ref;
}
