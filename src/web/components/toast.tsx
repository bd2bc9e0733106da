/**
 * Toasts (SPEC section 9: one at a time, 5 s, at most 420 px wide), at the bottom where they hide
 * no menu. The toast library is loaded
 * on the first toast, so it costs nothing before a visitor does something.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

type Sonner = typeof import('sonner');
type Kind = 'success' | 'error' | 'message';

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

async function show(kind: Kind, title: string, description?: string) {
  const mod = await (sonner ??= import('sonner'));
  showToaster?.();
  await mounted;
  const options = description ? { description } : undefined;
  if (kind === 'message') mod.toast(title, options);
  else mod.toast[kind](title, options);
}

export const toast = {
  success: (title: string, description?: string) => void show('success', title, description),
  error: (title: string, description?: string) => void show('error', title, description),
  message: (title: string, description?: string) => void show('message', title, description),
};
