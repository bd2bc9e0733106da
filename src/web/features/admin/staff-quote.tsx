/**
 * The quote editor on a consultation's staff page (D28): lines typed in the store's currency as the
 * customer will read them (sent in minor units), a validity in days, a note, a live total; every
 * version sent, and what the customer wrote back (questions, a decline's reason).
 */
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { CountryCode } from '../../../domain/countries.ts';
import { formatMinor } from '../../../domain/money.ts';
import { decimalStringToMinor, minorToDecimalString } from '../../../domain/payments.ts';
import {
  QUOTE_DEFAULT_VALID_DAYS, QUOTE_DESCRIPTION_MAX, QUOTE_MAX_LINES, QUOTE_MAX_TOTAL_MINOR, QUOTE_MAX_VALID_DAYS, QUOTE_NOTE_MAX,
} from '../../../domain/quotes.ts';
import type { StaffOrder } from '../../../domain/contract/admin.ts';
import { useRootData } from '../../store-context.ts';
import { useStaffAction } from './staff-action.ts';
import { quoteValidDays } from '../../../domain/quote-days.ts';

type OrderDetail = StaffOrder;
type QuoteDetail = NonNullable<OrderDetail['quote']>;

interface LineDraft {
  key: number;
  description: string;
  /** As typed, in the currency's major unit ("1250.50"). */
  amount: string;
}

type LineErrors = { description?: string; amount?: string };

const input = 'mt-1 block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm';

let nextKey = 0;
const draftLine = (description = '', amount = ''): LineDraft => ({ key: nextKey++, description, amount });

/** What staff typed, read as the server will: minor units or a reason it is not an amount. */
function minorOf(amount: string, currency: string): number | null {
  const typed = amount.trim().replace(/[,\s]/g, '');
  return typed ? decimalStringToMinor(typed, currency) : null;
}

function QuoteEditor({ detail, quote }: { detail: OrderDetail; quote: QuoteDetail }) {
  const { t } = useTranslation('admin');
  const act = useStaffAction();
  const id = useId();
  const { order } = detail;
  const country = order.country as CountryCode;
  const currency = order.currency;
  const latest = quote.versions[0];
  // A revision starts from the newest version sent.
  const [lines, setLines] = useState<LineDraft[]>(() => (latest
    ? latest.lines.map((line) => draftLine(line.description, minorToDecimalString(line.amount, currency)))
    : [draftLine()]));
  // A revision is valid as long as the version it replaces was sent for, not the default (issue 33, item 26).
  const [validDays, setValidDays] = useState(String(latest ? quoteValidDays(latest.at, latest.validUntil) : QUOTE_DEFAULT_VALID_DAYS));
  const [note, setNote] = useState(latest?.note ?? '');
  const [errors, setErrors] = useState<{ lines: LineErrors[]; validDays?: string; total?: string }>({ lines: [] });
  const [busy, setBusy] = useState(false);

  const amounts = lines.map((line) => minorOf(line.amount, currency));
  const total = amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);

  function check() {
    const lineErrors = lines.map((line, index): LineErrors => {
      const amount = amounts[index];
      return {
        ...(!line.description.trim() ? { description: t('quote.errors.description') } : line.description.trim().length > QUOTE_DESCRIPTION_MAX ? { description: t('quote.errors.descriptionLong', { count: QUOTE_DESCRIPTION_MAX }) } : {}),
        ...(amount === null || amount === undefined || amount <= 0 ? { amount: t('quote.errors.amount') } : {}),
      };
    });
    const days = Number(validDays);
    const next = {
      lines: lineErrors,
      ...(!Number.isInteger(days) || days < 1 || days > QUOTE_MAX_VALID_DAYS ? { validDays: t('quote.errors.validDays', { max: QUOTE_MAX_VALID_DAYS }) } : {}),
      ...(total > QUOTE_MAX_TOTAL_MINOR ? { total: t('quote.errors.total', { max: formatMinor(QUOTE_MAX_TOTAL_MINOR, country) }) } : {}),
    };
    setErrors(next);
    return !next.validDays && !next.total && lineErrors.every((e) => !e.description && !e.amount);
  }

  const update = (key: number, change: Partial<LineDraft>) => {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
    setErrors((current) => ({ ...current, lines: [] , total: undefined }));
  };

  return (
    <form
      className="grid gap-3 rounded-xl border border-brand-200 bg-brand-50/50 p-3"
      noValidate
      data-quote-editor
      onSubmit={async (event) => {
        event.preventDefault();
        if (!check()) return;
        setBusy(true);
        // What was typed stays in the form whatever the answer; the page reloads its data on success.
        await act(
          { method: 'PUT', path: `/api/admin/orders/${order.id}/quote`, body: { lines: lines.map((line, index) => ({ description: line.description.trim(), amount: amounts[index]! })), validDays: Number(validDays), ...(note.trim() ? { note: note.trim() } : {}) } },
          { ok: () => t('quote.sent'), failed: () => t('quote.failed') },
        );
        setBusy(false);
      }}
    >
      <h3 className="font-semibold">{latest ? t('quote.reviseTitle', { version: latest.version + 1 }) : t('quote.title')}</h3>
      <p className="text-slate-700">{t('quote.help', { currency })}</p>
      <fieldset className="grid gap-2">
        <legend className="sr-only">{t('quote.lines')}</legend>
        {lines.map((line, index) => {
          const lineErrors = errors.lines[index] ?? {};
          return (
            <div key={line.key} className="grid gap-2 rounded-lg bg-white p-2 sm:grid-cols-[1fr_10rem_auto] sm:items-start" data-quote-line={index}>
              <label className="text-sm font-semibold">{t('quote.description', { line: index + 1 })}
                {/* One line of text, wrapped to show it whole however long (issue 33, item 26): Enter adds no line break. */}
                <textarea
                  value={line.description} maxLength={QUOTE_DESCRIPTION_MAX} rows={1} className={`${input} resize-none [field-sizing:content]`}
                  aria-invalid={lineErrors.description ? true : undefined} aria-describedby={lineErrors.description ? `${id}-d${line.key}` : undefined}
                  onKeyDown={(event) => { if (event.key === 'Enter') event.preventDefault(); }}
                  onChange={(event) => update(line.key, { description: event.target.value.replace(/[\r\n]+/g, ' ') })}
                />
                {lineErrors.description && <span id={`${id}-d${line.key}`} className="mt-1 block text-sm font-normal text-red-700">{lineErrors.description}</span>}
              </label>
              <label className="text-sm font-semibold">{t('quote.amount', { currency })}
                <input
                  value={line.amount} inputMode="decimal" className={`${input} text-right`}
                  aria-invalid={lineErrors.amount ? true : undefined} aria-describedby={lineErrors.amount ? `${id}-a${line.key}` : undefined}
                  onChange={(event) => update(line.key, { amount: event.target.value })}
                />
                {lineErrors.amount && <span id={`${id}-a${line.key}`} className="mt-1 block text-sm font-normal text-red-700">{lineErrors.amount}</span>}
              </label>
              <button
                type="button" className="btn-secondary sm:mt-6" disabled={lines.length === 1}
                aria-label={t('quote.removeLine', { line: index + 1 })}
                onClick={() => setLines((current) => current.filter((l) => l.key !== line.key))}
              >
                {t('quote.remove')}
              </button>
            </div>
          );
        })}
      </fieldset>
      <button type="button" className="btn-secondary justify-self-start" disabled={lines.length >= QUOTE_MAX_LINES} onClick={() => setLines((current) => [...current, draftLine()])} data-add-quote-line>
        {t('quote.addLine')}
      </button>
      <p className="flex flex-wrap justify-between gap-2 border-t border-brand-100 pt-2 text-base font-bold" aria-live="polite">
        <span>{t('quote.total')}</span><span data-quote-editor-total>{formatMinor(total, country)}</span>
      </p>
      {errors.total && <p role="alert" className="text-sm text-red-700">{errors.total}</p>}
      <label className="text-sm font-semibold">{t('quote.validDays')}
        <input
          type="number" min={1} max={QUOTE_MAX_VALID_DAYS} step={1} value={validDays} className={`${input} max-w-40`}
          aria-invalid={errors.validDays ? true : undefined} aria-describedby={errors.validDays ? `${id}-days` : undefined}
          onChange={(event) => { setValidDays(event.target.value); setErrors((current) => ({ ...current, validDays: undefined })); }}
        />
        {errors.validDays && <span id={`${id}-days`} className="mt-1 block text-sm font-normal text-red-700">{errors.validDays}</span>}
      </label>
      <label className="text-sm font-semibold">{t('quote.note')}
        <textarea rows={3} maxLength={QUOTE_NOTE_MAX} value={note} onChange={(event) => setNote(event.target.value)} className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm" />
      </label>
      <button type="submit" className="btn-primary justify-self-start" disabled={busy} data-send-quote>
        {latest ? t('quote.sendRevision', { total: formatMinor(total, country) }) : t('quote.send', { total: formatMinor(total, country) })}
      </button>
    </form>
  );
}

/** Versions sent, newest first, and the customer's questions and decline. */
function QuoteRecord({ detail, quote }: { detail: OrderDetail; quote: QuoteDetail }) {
  const { t } = useTranslation('admin');
  const { lang } = useRootData();
  const country = detail.order.country as CountryCode;
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' });
  return (
    <>
      {quote.versions.length > 0 && (
        <div>
          <h3 className="font-semibold">{t('quote.versions')}</h3>
          <ol className="mt-1 grid gap-2" data-quote-versions>
            {quote.versions.map((version, index) => (
              <li key={version.version} className={`rounded-lg border p-2 ${index === 0 ? 'border-brand-200 bg-white' : 'border-slate-200 bg-slate-50 text-slate-600'}`}>
                <p className="flex flex-wrap justify-between gap-2 font-semibold">
                  <span>{t('quote.version', { version: version.version })}{index === 0 ? ` · ${t('quote.current')}` : ''}</span>
                  <span className="whitespace-nowrap">{formatMinor(version.amount, country)}</span>
                </p>
                <p className="text-xs text-slate-500">{t('quote.sentAt', { date: date.format(new Date(version.at)) })} · {t('quote.validTo', { date: `${date.format(new Date(version.validUntil))} (${t('kst')})` })}</p>
                <ul className="mt-1 grid gap-0.5">
                  {version.lines.map((line, i) => <li key={i} className="flex justify-between gap-3"><span className="min-w-0 break-words">{line.description}</span><span className="shrink-0 whitespace-nowrap">{formatMinor(line.amount, country)}</span></li>)}
                </ul>
                {version.note && <p className="mt-1 whitespace-pre-line text-slate-600">{version.note}</p>}
              </li>
            ))}
          </ol>
        </div>
      )}
      {quote.messages.length > 0 && (
        <div>
          <h3 className="font-semibold">{t('quote.messages')}</h3>
          <ul className="mt-1 grid gap-1" data-quote-messages>
            {quote.messages.map((message, index) => (
              <li key={index} className={`rounded-lg p-2 ${message.kind === 'decline' ? 'bg-red-50 text-red-900' : 'bg-slate-50'}`} data-message-kind={message.kind}>
                <p className="text-xs font-semibold">{t(message.kind === 'decline' ? 'quote.declined' : 'quote.question')} · {date.format(new Date(message.at))} ({t('kst')})</p>
                <p className="whitespace-pre-line">{message.body}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

export function StaffQuote({ detail }: { detail: OrderDetail }) {
  const quote = detail.quote;
  if (!quote) return null;
  const newest = quote.versions[0]?.version ?? 0;
  return (
    <div className="grid gap-4">
      {/* A new version sent starts the editor from it. */}
      {quote.editable && <QuoteEditor key={newest} detail={detail} quote={quote} />}
      <QuoteRecord detail={detail} quote={quote} />
    </div>
  );
}
