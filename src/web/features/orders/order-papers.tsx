/**
 * An order's papers (issue 34): each receipt, tax invoice and credit note as its page (the name
 * and number) and its PDF, for whoever reads the order: the success page, My Page, the private
 * order page and staff. The addresses carry the reader's access already (the server's answer).
 */
import { useId } from 'react';
import type { PaperKind } from '../../../domain/tax/papers.ts';
import { formatCurrencyMinor } from '../../../domain/currency-money.ts';
import { useTranslation } from '../../i18n/react.tsx';

export interface PaperLink {
  kind: PaperKind;
  number: string;
  amount: number;
  currency: string;
  htmlUrl: string;
  pdfUrl: string;
}

export function OrderPapers({ papers, className = 'mt-4' }: { papers: readonly PaperLink[]; className?: string }) {
  const { t } = useTranslation('orders');
  const heading = useId();
  if (!papers.length) return null;
  return (
    <section aria-labelledby={heading} className={className} data-order-papers>
      <h3 id={heading} className="text-sm font-semibold text-slate-800">{t('papers.heading')}</h3>
      <ul className="mt-2 grid gap-2 text-sm">
        {papers.map((paper) => {
          const name = `${t(`papers.kinds.${paper.kind}`)} ${paper.number}`;
          return (
            <li key={paper.number} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1" data-paper={paper.kind}>
              <a href={paper.htmlUrl} target="_blank" rel="noopener" className="min-w-0 font-medium text-brand-800 underline underline-offset-2 [overflow-wrap:anywhere]">
                {t(`papers.kinds.${paper.kind}`)} <span className="font-mono text-xs">{paper.number}</span>
                <span className="sr-only"> {t('papers.newTab')}</span>
              </a>
              <span className="flex items-baseline gap-3">
                <span className="tabular-nums text-slate-700">{paper.kind === 'credit_note' ? '−' : ''}{formatCurrencyMinor(paper.amount, paper.currency)}</span>
                <a href={paper.pdfUrl} download={`${paper.number}.pdf`} aria-label={t('papers.pdfLabel', { name })} className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-semibold text-slate-800 hover:bg-slate-50">{t('papers.pdf')}</a>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
