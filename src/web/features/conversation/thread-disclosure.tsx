/**
 * The way into an order's conversation from an order card or the staff's order detail: a button
 * that opens it below. The thread itself (order-thread.tsx) is fetched only then, so pages that list
 * orders carry none of it. A mail's link to `#messages-<order>` opens that order's at once.
 */
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { ThreadFor } from './order-thread.tsx';

const OrderThread = lazy(() => import('./order-thread.tsx'));

export function ThreadDisclosure({ thread, unread = 0, className = '' }: { thread: ThreadFor; unread?: number; className?: string }) {
  const { t } = useTranslation('orders');
  const id = useId();
  const [open, setOpen] = useState(false);
  const anchor = `messages-${thread.side === 'staff' ? thread.orderId : thread.orderNumber}`;
  // Opened by a link to this thread (the mail's button).
  useEffect(() => {
    if (window.location.hash === `#${anchor}`) setOpen(true);
  }, [anchor]);
  return (
    <section id={anchor} className={`mt-4 scroll-mt-24 rounded-xl border border-slate-200 p-3 ${className}`} aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold">
          {t('thread.title')}
          {/* Read once opened: the count is what was new when the page came. */}
          {unread > 0 && !open && <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white" data-unread={unread}>{t('thread.unread', { count: unread })}</span>}
        </h3>
        <button type="button" className="btn-secondary" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen((was) => !was)}>
          {open ? t('thread.hide') : t('thread.show')}
        </button>
      </div>
      <div id={`${id}-body`} hidden={!open}>
        {open && (
          <Suspense fallback={<p className="mt-3 text-sm text-slate-600" role="status">…</p>}>
            <OrderThread thread={thread} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
