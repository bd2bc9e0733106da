/**
 * Delivering files on an order (issue 9): staff pick draft or final and one or more files, sent in
 * one request with a progress bar. A draft moves the order to draft_delivered and mails the
 * customer, who then approves or asks for a revision; their requests are listed here in their words.
 */
import type { Answer } from '../../../domain/contract/http.ts';
import type { deliver as deliverRoute } from '../../../domain/contract/uploads.ts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useRevalidator } from 'react-router';
import { DELIVERABLE_PURPOSES, type DeliverablePurpose } from '../../../domain/deliverables.ts';
import { DELIVERABLE_ACCEPT, DELIVERABLE_RULES, formatFileSize, refusalOf } from '../../../domain/uploads.ts';
import type { StaffOrder } from '../../../domain/contract/admin.ts';
import { toast } from '../../components/toast.tsx';
import { FileList } from '../../components/file-list.tsx';
import { sendFiles } from '../../send-files.ts';
import { useRootData } from '../../store-context.ts';
import { DeliverableList } from '../deliverables/order-deliverables.tsx';

type OrderDetail = StaffOrder;

/** Why the chosen files cannot go, before a byte is sent (the server checks them all again). */
function problemOf(files: File[], t: (key: string, values?: Record<string, unknown>) => string, lang: string): string | null {
  const rules = DELIVERABLE_RULES;
  for (const file of files) {
    const refusal = refusalOf(file, rules);
    if (refusal) return t(`deliverables.${refusal}`, { name: file.name, max: formatFileSize(rules.maxFileBytes, lang) });
  }
  if (files.length > rules.maxFiles) return t('deliverables.tooMany', { count: rules.maxFiles });
  if (files.reduce((sum, file) => sum + file.size, 0) > rules.maxRequestBytes) return t('deliverables.tooMuch', { max: formatFileSize(rules.maxRequestBytes, lang) });
  return null;
}

function DeliverForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation('admin');
  const store = useRootData();
  const revalidator = useRevalidator();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [purpose, setPurpose] = useState<DeliverablePurpose>('draft');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const problem = problemOf(files, t, store.lang);

  async function deliver() {
    if (files.length === 0 || problem) return;
    setError(null);
    setProgress(0);
    const result = await sendFiles<Answer<typeof deliverRoute, 201>>(`/api/admin/orders/${orderId}/deliverables?purpose=${purpose}`, files, { store, onProgress: setProgress });
    setProgress(null);
    if (!result.ok) {
      // The chosen files stay chosen, to try again.
      const message = result.error.message || t('toast.errorText');
      setError(message);
      toast.error(() => t('toast.deliverFailed'), message);
      return;
    }
    toast.success(() => t('toast.delivered'), result.data.message);
    setFiles([]);
    if (input.current) input.current.value = '';
    await revalidator.revalidate();
  }

  return (
    <form className="grid gap-2 rounded-xl border border-slate-200 p-3" data-deliver onSubmit={(event) => { event.preventDefault(); void deliver(); }}>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
        <legend className="text-sm font-semibold">{t('deliverables.purpose')}</legend>
        {DELIVERABLE_PURPOSES.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input type="radio" name={`${id}-purpose`} value={value} checked={purpose === value} onChange={() => setPurpose(value)} />
            {t(`deliverables.${value}`)}
          </label>
        ))}
      </fieldset>
      <p className="text-xs text-slate-600">{t(purpose === 'draft' ? 'deliverables.draftHint' : 'deliverables.finalHint')}</p>
      <p className="text-sm font-semibold" id={`${id}-files-label`}>{t('deliverables.files')}</p>
      {/* The browser's own file button speaks the browser's language; this one speaks the page's. */}
      <div>
        <input
          ref={input} id={`${id}-files`} type="file" multiple accept={DELIVERABLE_ACCEPT} disabled={progress !== null}
          onChange={(event) => { setFiles([...(event.target.files ?? [])]); setError(null); }}
          className="peer sr-only" aria-labelledby={`${id}-files-label`} aria-describedby={`${id}-limits`}
        />
        <label htmlFor={`${id}-files`} className="btn-secondary cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-disabled:opacity-50">{t('deliverables.choose')}</label>
      </div>
      {files.length > 0 && (
        <div data-chosen-files>
          <FileList files={files.map((file, index) => ({ id: `${index}-${file.name}`, name: file.name, size: file.size }))} />
        </div>
      )}
      <p id={`${id}-limits`} className="text-xs text-slate-500">{t('deliverables.limits', { max: formatFileSize(DELIVERABLE_RULES.maxFileBytes, store.lang) })}</p>
      {problem && <p role="alert" className="text-sm text-red-700">{problem}</p>}
      {progress !== null && <progress className="w-full" max={1} value={progress} aria-label={t('deliverables.uploading')} />}
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      <button type="submit" className="btn-primary justify-self-start" disabled={files.length === 0 || Boolean(problem) || progress !== null}>
        {t(purpose === 'draft' ? 'deliverables.sendDraft' : 'deliverables.sendFinal', { count: files.length })}
      </button>
    </form>
  );
}

export function StaffDeliverables({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation('admin');
  const { lang } = useRootData();
  const { order, review, revisions, deliverables } = detail;
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' });
  const closed = order.status === 'pending' || order.status === 'cancelled';
  return (
    <div className="grid gap-2" data-staff-deliverables>
      <h3 className="font-semibold">{t('deliverables.title')}</h3>
      <p className="text-slate-700" data-revision-count>
        {review.free === null ? t('deliverables.revisionsAgreed', { count: review.used }) : t('deliverables.revisions', { used: review.used, count: review.free })}
        {review.deadline && order.status === 'draft_delivered' ? ` · ${t('deliverables.reviewUntil', { date: date.format(new Date(review.deadline)) })} ${t('kst')}` : ''}
      </p>
      {deliverables.length > 0
        ? <DeliverableList files={deliverables} labels={{ purpose: (purpose) => t(`deliverables.${purpose}`), download: t('deliverables.download') }} />
        : <p className="text-slate-600">{t('deliverables.none')}</p>}
      {revisions.length > 0 && (
        <ol className="grid gap-2" data-revisions>
          {revisions.map((revision) => (
            <li key={revision.round} className="rounded-xl bg-amber-50 p-3">
              <p className="font-semibold">{t('deliverables.revisionRound', { round: revision.round })} · <span className="font-normal text-slate-600">{date.format(new Date(revision.at))} {t('kst')}</span></p>
              <p className="mt-1 whitespace-pre-line">{revision.note}</p>
            </li>
          ))}
        </ol>
      )}
      {closed ? <p className="text-slate-600">{t('deliverables.closed')}</p> : <DeliverForm orderId={order.id} />}
    </div>
  );
}
