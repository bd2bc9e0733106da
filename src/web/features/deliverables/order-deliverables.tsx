/**
 * What staff delivered on an order (issue 9), in My Page and on a guest's private order page: the
 * draft and final files to preview and download, and the customer's answer to the latest draft:
 * approve it (the order is completed) or ask for a revision with a note, within the review window
 * and the free revisions, both said before the buttons.
 */
import type { Answer } from '../../../domain/contract/http.ts';
import type { approveDraft, requestRevision } from '../../../domain/contract/reviews.ts';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useRevalidator } from 'react-router';
import type { CustomerOrderView } from '../../../domain/contract/orders.ts';
import { apiRequest } from '../../api-client.ts';
import { FileList } from '../../components/file-list.tsx';
import { toast } from '../../components/toast.tsx';
import { useRootData } from '../../store-context.ts';

type Deliverable = CustomerOrderView['deliverables'][number];

/** The delivered files with previews and download links; labels come from the page's own catalog (My Page or the staff area). */
export function DeliverableList({ files, labels }: { files: ReadonlyArray<Pick<Deliverable, 'id' | 'name' | 'size' | 'url' | 'previewUrl' | 'createdAt' | 'purpose'>>; labels: { purpose: (purpose: string) => string; download: string } }) {
  const { lang } = useRootData();
  // Korea time (D19), the same on the server and in the browser, so the page hydrates as rendered.
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'Asia/Seoul' });
  return (
    <FileList
      files={files}
      className="mt-3"
      detail={(file) => `${labels.purpose(file.purpose)} · ${date.format(new Date(file.createdAt))}`}
      downloadLabel={(name) => `${labels.download}: ${name}`}
      rowData={(file) => ({ 'data-deliverable': file.purpose })}
    />
  );
}

function DraftReview({ order, linkKey }: { order: CustomerOrderView; linkKey?: string | undefined }) {
  const { t } = useTranslation('accounts');
  const store = useRootData();
  const revalidator = useRevalidator();
  const noteId = useId();
  const [revising, setRevising] = useState(false);
  const [note, setNote] = useState('');
  // The server's sentence, or our own message's key: translated when shown, since a message read
  // in a handler may not have come with the page yet (decision 0025).
  const [problem, setError] = useState<{ text: string } | { key: 'orders.review.noteRequired' | 'orders.review.tryAgain' } | null>(null);
  const error = problem && ('key' in problem ? t(problem.key) : problem.text);
  const [busy, setBusy] = useState(false);
  const { review } = order;
  if (order.status !== 'draft_delivered') return null;
  // The exact hour matters at the end of a window: Korea time, said so in words (zone names differ between ICU builds).
  const deadline = review.deadline
    ? `${new Intl.DateTimeFormat(store.lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Seoul' }).format(new Date(review.deadline))} (${t('orders.review.kst')})`
    : '';
  const revisions = review.free === null ? t('orders.review.revisionsAgreed') : t('orders.review.revisionsLeft', { left: Math.max(review.free - review.used, 0), free: review.free });

  async function send(kind: 'approve' | 'revision') {
    if (kind === 'revision' && !note.trim()) {
      setError({ key: 'orders.review.noteRequired' });
      return;
    }
    setBusy(true);
    const body = { ...(linkKey ? { orderKey: linkKey } : {}), ...(kind === 'revision' ? { note } : {}) };
    const result = await apiRequest<Answer<typeof approveDraft | typeof requestRevision>>('POST', `/api/orders/${order.orderId}/${kind}`, body, store);
    setBusy(false);
    if (!result.ok) {
      // The note stays as typed; the server's sentence says what to do (or, unreachable, to try again).
      const message = result.error.fields?.note ?? result.error.message;
      setError(message ? { text: message } : { key: 'orders.review.tryAgain' });
      toast.error(() => t('orders.review.failed'), () => message || t('orders.review.tryAgain'));
      return;
    }
    toast.success(() => t(kind === 'approve' ? 'orders.review.approvedTitle' : 'orders.review.revisionTitle'), result.data.message);
    setRevising(false);
    setNote('');
    void revalidator.revalidate();
  }

  return (
    <div className="mt-4 rounded-xl border border-brand-200 bg-brand-50/60 p-4" data-review>
      <p className="font-semibold text-brand-900">{t('orders.review.title')}</p>
      <p className="mt-1 text-sm text-slate-700">
        {review.refusal === 'REVIEW_WINDOW_CLOSED' ? t('orders.review.windowClosed', { date: deadline }) : t('orders.review.until', { date: deadline })}
      </p>
      <p className="mt-1 text-sm text-slate-700" data-revisions>{revisions}</p>
      {review.refusal === 'NO_FREE_REVISIONS' && <p className="mt-1 text-sm text-slate-700">{t('orders.review.noFreeRevisions')}</p>}
      {revising ? (
        <form className="mt-3" noValidate onSubmit={(event) => { event.preventDefault(); void send('revision'); }}>
          <label htmlFor={noteId} className="text-sm font-medium">{t('orders.review.noteLabel')}</label>
          <textarea
            id={noteId} value={note} maxLength={2000} rows={4} required
            aria-invalid={error ? true : undefined} aria-describedby={error ? `${noteId}-error` : undefined}
            onChange={(event) => { setNote(event.target.value); setError(null); }}
            placeholder={t('orders.review.notePlaceholder')}
            className="mt-1 block w-full rounded-xl border border-slate-300 bg-white p-3 text-sm"
          />
          {error && <p id={`${noteId}-error`} role="alert" className="mt-1 text-sm text-red-700">{error}</p>}
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" disabled={busy}>{t('orders.review.sendRevision')}</button>
            <button type="button" className="btn-secondary" onClick={() => { setRevising(false); setError(null); }}>{t('orders.review.back')}</button>
          </div>
        </form>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="btn-primary" disabled={busy || !review.canApprove} onClick={() => void send('approve')}>{t('orders.review.approve')}</button>
          {review.canRevise && <button type="button" className="btn-secondary" onClick={() => { setRevising(true); setError(null); }}>{t('orders.review.askRevision')}</button>}
          {error && <p role="alert" className="basis-full text-sm text-red-700">{error}</p>}
        </div>
      )}
    </div>
  );
}

export function OrderDeliverables({ order, linkKey }: { order: CustomerOrderView; linkKey?: string | undefined }) {
  const { t } = useTranslation('accounts');
  if (order.deliverables.length === 0) return null;
  return (
    <section className="mt-4" aria-labelledby={`files-${order.orderId}`}>
      <h3 id={`files-${order.orderId}`} className="text-sm font-semibold">{t('orders.files.title')}</h3>
      <DeliverableList files={order.deliverables} labels={{ purpose: (purpose) => t(`orders.files.purpose.${purpose}`), download: t('orders.files.download') }} />
      <DraftReview order={order} linkKey={linkKey} />
    </section>
  );
}
