/**
 * Opens the project brief (SPEC section 4): after a payment, from a consultation page, from My
 * Page and from a guest's private order link. Each of those pages holds its own dialog (no
 * provider in the store layout, so the landing pages download none of this); the dialog and its
 * messages are fetched when it first opens.
 */
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../i18n/react.tsx';
import { loadCatalog } from '../../i18n/catalogs.ts';

/** Where the brief was opened: decides the toasts and where the visitor goes afterwards (SPEC section 4). */
export type BriefFlow = 'after-payment' | 'consultation' | 'my-page' | 'order-link';

export interface BriefTarget {
  flow: BriefFlow;
  /** The order the brief belongs to (its public number); without it a consultation is opened (D17). */
  orderId?: string | undefined;
  /** The order's private link key, for a guest in another browser (D22). */
  orderKey?: string | undefined;
  serviceId?: number | undefined;
  serviceName: string;
  price?: string | null | undefined;
  delivery?: string | null | undefined;
  /** Runs once the brief is sent (the success page then says so instead of offering it again). */
  onSubmitted?: (() => void) | undefined;
}

export interface BriefDialogHandle {
  open(target: BriefTarget): void;
  /** What the page renders for the dialog: nothing until it is opened (then a portal to <body>). */
  dialog: ReactNode;
}

const BriefDialog = lazy(() => import('./brief-dialog.tsx'));

export function useBriefDialog(): BriefDialogHandle {
  const { i18n } = useTranslation();
  const [target, setTarget] = useState<BriefTarget | null>(null);
  const open = useCallback((next: BriefTarget) => {
    // The dialog's code and its messages arrive together, so it opens whole.
    void loadCatalog(i18n.language, 'briefs').then(() => setTarget(next));
  }, [i18n.language]);
  // Under <body>, whatever part of the page opened it: a <dialog> drawn in the top layer still
  // inherits its parent's text size and alignment (a small-print order card, a centred page).
  const dialog = target && createPortal(
    <Suspense fallback={null}>
      <BriefDialog key={`${target.orderId ?? ''}-${target.serviceId ?? ''}`} target={target} onClose={() => setTarget(null)} />
    </Suspense>,
    document.body,
  );
  return { open, dialog };
}
