/**
 * Toasts (SPEC section 9: one at a time, 5 s, at most 420 px wide), at the bottom where they hide
 * no menu. The toast library is loaded
 * on the first toast, so it costs nothing before a visitor does something.
 *
 * A toast's words are given as a function when they come from the catalogs: a page brings only the
 * messages its render read and the rest of its catalogs follow after hydration (decision 0025),
 * so a toast asked for in that moment waits for them instead of showing a message's key.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { catalogsLoading, catalogsSettled } from '../i18n/catalogs.ts';

type Sonner = typeof import('sonner');
type Kind = 'success' | 'error' | 'message';
/** Words as they are (a server's message), or read from the catalogs when the toast shows. */
export type ToastText = string | (() => string);

let sonner: Promise<Sonner> | undefined;
let showToaster: (() => void) | undefined;
let toasterMounted: (() => void) | undefined;
const mounted = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});

const SonnerToaster = lazy(async () => {
  const mod = await (sonner ??= import('sonner'));
  function MountedToaster() {
    useEffect(() => toasterMounted?.(), []);
    return (
      // At the bottom, clear of the top bar's store, language, cart and account menus; a page with
      // a bar fixed at the bottom (the checkout on phones) lifts them above it (data-bottom-bar).
      <mod.Toaster
        position="bottom-right"
        offset={{ bottom: 'calc(var(--bottom-bar-height, 0px) + 24px)', right: '24px' }}
        mobileOffset={{ bottom: 'calc(var(--bottom-bar-height, 0px) + 16px)', left: '16px', right: '16px' }}
        visibleToasts={1}
        duration={5000}
        closeButton
        richColors
        toastOptions={{ style: { maxWidth: 420 } }}
      />
    );
  }
  return { default: MountedToaster };
});

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
      <SonnerToaster />
    </Suspense>
  );
}

async function show(kind: Kind, title: ToastText, description?: ToastText) {
  const [mod] = await Promise.all([sonner ??= import('sonner'), typeof title === 'function' || typeof description === 'function' ? catalogsSettled() : undefined]);
  showToaster?.();
  await mounted;
  const words = await textOf(title);
  const details = description === undefined ? undefined : await textOf(description);
  const options = details ? { description: details } : undefined;
  if (kind === 'message') mod.toast(words, options);
  else mod.toast[kind](words, options);
}

/** Reads the words; a catalog the page had none of starts coming on that read, and is waited for. */
async function textOf(text: ToastText): Promise<string> {
  if (typeof text === 'string') return text;
  const words = text();
  if (!catalogsLoading()) return words;
  await catalogsSettled();
  return text();
}

export const toast = {
  success: (title: ToastText, description?: ToastText) => void show('success', title, description),
  error: (title: ToastText, description?: ToastText) => void show('error', title, description),
  message: (title: ToastText, description?: ToastText) => void show('message', title, description),
};
