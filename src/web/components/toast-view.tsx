/**
 * The toasts on screen (sonner), loaded with the first toast (toast.tsx holds their place in the
 * page and the `toast` calls).
 */
import { useEffect } from 'react';
import { toast as sonner, Toaster } from 'sonner';
import { catalogsLoading, catalogsSettled } from '../i18n/catalogs.ts';

export type ToastKind = 'success' | 'error' | 'message';
/** Words as they are (a server's message), or read from the catalogs when the toast shows. */
export type ToastText = string | (() => string);

let markMounted: (() => void) | undefined;
/** Sonner drops a toast made before its Toaster listens: the first one waits for the mount. */
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export default function ToastView() {
  useEffect(() => markMounted?.(), []);
  return (
    // At the bottom, clear of the top bar's store, language, cart and account menus; a page with
    // a bar fixed at the bottom (the checkout on phones) lifts them above it (data-bottom-bar).
    <Toaster
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

export async function showToast(kind: ToastKind, title: ToastText, description?: ToastText): Promise<void> {
  if (typeof title === 'function' || typeof description === 'function') await catalogsSettled();
  await mounted;
  const words = await textOf(title);
  const details = description === undefined ? undefined : await textOf(description);
  const options = details ? { description: details } : undefined;
  if (kind === 'message') sonner(words, options);
  else sonner[kind](words, options);
}

/** Reads the words; a catalog the page had none of starts coming on that read, and is waited for. */
async function textOf(text: ToastText): Promise<string> {
  if (typeof text === 'string') return text;
  const words = text();
  if (!catalogsLoading()) return words;
  await catalogsSettled();
  return text();
}
