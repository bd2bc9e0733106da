/**
 * Toasts (SPEC section 9: one at a time, 5 s, at most 420 px wide), at the bottom where they hide
 * no menu. What shows them (the toast library, toast-view.tsx) is loaded on the first toast, so
 * it costs nothing before a visitor does something; this module only holds the place for it.
 *
 * A toast's words are given as a function when they come from the catalogs: a page brings only the
 * messages its render read and the rest of its catalogs follow after hydration (decision 0025),
 * so a toast asked for in that moment waits for them instead of showing a message's key.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ToastKind, ToastText } from './toast-view.tsx';

export type { ToastText };

let view: Promise<typeof import('./toast-view.tsx')> | undefined;
const loadView = () => (view ??= import('./toast-view.tsx'));
const ToastView = lazy(loadView);
let showToaster: (() => void) | undefined;

export function Toaster() {
  const [active, setActive] = useState(false);
  useEffect(() => {
    showToaster = () => setActive(true);
    return () => {
      showToaster = undefined;
    };
  }, []);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}

function show(kind: ToastKind, title: ToastText, description?: ToastText): void {
  void loadView().then(({ showToast }) => {
    showToaster?.();
    return showToast(kind, title, description);
  });
}

export const toast = {
  success: (title: ToastText, description?: ToastText) => show('success', title, description),
  error: (title: ToastText, description?: ToastText) => show('error', title, description),
  message: (title: ToastText, description?: ToastText) => show('message', title, description),
};
