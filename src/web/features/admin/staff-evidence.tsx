/**
 * Korea's evidence for staff (issue 34): the tax invoices customers asked for, which staff issue in
 * the national system (Hometax) by the 10th of the next month and record here with its approval
 * number; and, on an order, every cash receipt and tax invoice asked for and what came of it.
 */
import { useId, useState } from 'react';
import type { StaffOrder, StaffTaxInvoiceQueue } from '../../../domain/contract/admin.ts';
import { formatMinor } from '../../../domain/money.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRootData } from '../../store-context.ts';
import { useStaffAction } from './staff-action.ts';

function RecordApproval({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const act = useStaffAction();
  const input = useId();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      data-record-tax-invoice={id}
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        if (await act({ method: 'PUT', path: `/api/admin/tax-invoices/${id}`, body: { approvalNumber: value.trim() } }, { ok: () => t('evidence.recorded'), failed: () => t('evidence.recordFailed') })) setValue('');
        setBusy(false);
      }}
    >
      <label htmlFor={input} className="text-sm font-semibold">{t('evidence.approval')}
        <input id={input} value={value} onChange={(event) => setValue(event.target.value)} required maxLength={26} placeholder="20261128-10000000-A1B2C3D4" aria-describedby={`${input}-hint`} className="mt-1 block min-h-11 w-full min-w-[16rem] rounded-xl border border-slate-300 bg-white px-3 font-mono text-sm" />
      </label>
      <button type="submit" className="btn-secondary" disabled={busy || !value.trim()}>{t('evidence.record')}</button>
      <p id={`${input}-hint`} className="basis-full text-xs text-slate-600">{t('evidence.approvalHint')}</p>
    </form>
  );
}

export function TaxInvoiceQueue({ requests }: { requests: StaffTaxInvoiceQueue['requests'] }) {
  const { t } = useTranslation('admin');
  const { lang } = useRootData();
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'Asia/Seoul' });
  return (
    <section aria-labelledby="tax-invoice-queue" className="rounded-2xl border border-amber-200 bg-amber-50/40 p-4" data-tax-invoice-queue>
      <h2 id="tax-invoice-queue" className="font-semibold">{t('evidence.queue')} <span className="text-slate-600">({requests.length})</span></h2>
      <p className="mt-1 text-xs text-slate-700">{t('evidence.queueNote')}</p>
      {requests.length === 0 ? <p className="mt-2 text-sm text-slate-600">{t('evidence.queueEmpty')}</p> : (
        <ul className="mt-3 grid gap-3">
          {requests.map((request) => (
            <li key={request.id} className="grid gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm" data-queued-tax-invoice={request.orderNumber}>
              <p className="font-semibold [overflow-wrap:anywhere]">{request.company} · <span className="font-mono">{request.businessNumber}</span></p>
              <p className="text-slate-700 [overflow-wrap:anywhere]">{t('evidence.representative')} {request.representative} · {request.email}</p>
              <p className="text-xs text-slate-600"><span className="font-mono">{request.orderNumber}</span> · {formatMinor(request.amount, 'kr')} · {request.deadline && <strong className="text-amber-900">{t('evidence.deadline', { date: date.format(new Date(request.deadline)) })}</strong>}</p>
              <RecordApproval id={request.id} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `refunded`: money went back after the payment, so an issued tax invoice needs an amended one. */
export function StaffEvidence({ evidence, refunded }: { evidence: StaffOrder['evidence']; refunded: boolean }) {
  const { t } = useTranslation('admin');
  if (!evidence.length) return null;
  return (
    <div data-staff-evidence>
      <h3 className="font-semibold">{t('evidence.heading')}</h3>
      <ul className="mt-1 grid gap-2">
        {evidence.map((row) => (
          <li key={row.id} className="text-sm">
            <p>
              {t(`evidence.kinds.${row.kind}`)} · {t(`evidence.statuses.${row.status}`)}{row.purpose && ` · ${t(`evidence.purposes.${row.purpose}`)}`} · <span className="font-mono">{row.identity}</span>
              {row.number && <> · <span className="font-mono">{row.number}</span></>}
            </p>
            {row.company && <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">{row.company} · {t('evidence.representative')} {row.representative} · {row.email}</p>}
            {row.failure && <p className="text-xs text-red-800">{row.failure}</p>}
            {row.kind === 'tax_invoice' && row.status === 'requested' && <RecordApproval id={row.id} />}
            {row.kind === 'tax_invoice' && row.status === 'issued' && refunded && <p className="text-xs font-semibold text-amber-900" data-amend-tax-invoice>{t('evidence.amendNote')}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
