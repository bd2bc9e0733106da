/**
 * Staff's papers tab (issue 34): every receipt, tax invoice and credit note, searched by number
 * (or its order's), store, kind and period; the period's totals per store, as the CSV export for
 * the accountant ends with them. Days are Korea time (D19), like the other staff lists.
 */
import { Form, Link } from 'react-router';
import type { StaffPaperList, StaffTaxInvoiceQueue } from '../../../domain/contract/admin.ts';
import type { CountryCode } from '../../../domain/countries.ts';
import { formatMinor } from '../../../domain/money.ts';
import { PAPER_KINDS } from '../../../domain/tax/papers.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRootData } from '../../store-context.ts';
import { TestBadge } from './admin-orders.tsx';
import { Pagination } from './pagination.tsx';
import { FilterActions, filterField, PeriodFilter, StoreFilter } from './staff-filters.tsx';
import { TaxInvoiceQueue } from './staff-evidence.tsx';

const FILTERS = ['q', 'country', 'kind', 'from', 'to'] as const;

export function AdminPapers({ list, filters, taxInvoices }: { list: StaffPaperList; filters: Record<string, string | undefined>; taxInvoices: StaffTaxInvoiceQueue['requests'] }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const { t: tOrders } = useTranslation('orders');
  const { lang, country } = useRootData();
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'Asia/Seoul' });
  const exportQuery = new URLSearchParams(FILTERS.flatMap((key) => (filters[key] ? [[key, filters[key]!]] : []))).toString();
  const money = (minor: number, store: string) => formatMinor(minor, store as CountryCode);
  return (
    <div className="grid grid-cols-1 gap-5" data-admin-papers>
      <TaxInvoiceQueue requests={taxInvoices} />
      <Form method="get" className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6" role="search">
        <input type="hidden" name="tab" value="papers" />
        <label className="text-sm font-semibold lg:col-span-2">{t('papers.search')}
          <input type="search" name="q" defaultValue={filters.q ?? ''} placeholder="SL-AU-2026-000123" className={filterField} />
        </label>
        <StoreFilter value={filters.country} />
        <label className="text-sm font-semibold">{t('papers.kind')}
          <select name="kind" defaultValue={filters.kind ?? ''} className={filterField}>
            <option value="">{t('papers.allKinds')}</option>
            {PAPER_KINDS.map((k) => <option key={k} value={k}>{tOrders(`papers.kinds.${k}`)}</option>)}
          </select>
        </label>
        <PeriodFilter from={filters.from} to={filters.to} />
        <FilterActions tab="papers">
          <a href={`/api/admin/papers/export${exportQuery ? `?${exportQuery}` : ''}`} download className="btn-secondary" data-export-papers>{t('papers.export')}</a>
        </FilterActions>
      </Form>

      <section aria-labelledby="papers-totals" className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id="papers-totals" className="font-semibold">{t('papers.totals')}</h2>
        <p className="mt-1 text-xs text-slate-600">{t('papers.totalsNote')}</p>
        {list.totals.length === 0 ? <p className="mt-2 text-sm text-slate-600">{t(list.total > 0 ? 'papers.onlyTests' : 'papers.empty')}</p> : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full min-w-[36rem] text-sm tabular-nums" data-papers-totals>
              <thead className="text-left text-xs text-slate-600">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-semibold">{t('orders.country')}</th>
                  <th scope="col" className="py-1 pr-3 text-right font-semibold">{t('papers.sales')}</th>
                  <th scope="col" className="py-1 pr-3 text-right font-semibold">{t('papers.salesTax')}</th>
                  <th scope="col" className="py-1 pr-3 text-right font-semibold">{t('papers.refunds')}</th>
                  <th scope="col" className="py-1 pr-3 text-right font-semibold">{t('papers.net')}</th>
                  <th scope="col" className="py-1 text-right font-semibold">{t('papers.netTax')}</th>
                </tr>
              </thead>
              <tbody>
                {list.totals.map((row) => (
                  <tr key={`${row.country}-${row.currency}`} className="border-t border-slate-100" data-totals-store={row.country}>
                    <th scope="row" className="py-1.5 pr-3 text-left font-medium">{tCommon(`country.${row.country}`)} <span className="text-xs text-slate-500">{row.currency}</span></th>
                    <td className="py-1.5 pr-3 text-right">{money(row.sales, row.country)} <span className="text-xs text-slate-500">({row.receipts})</span></td>
                    <td className="py-1.5 pr-3 text-right">{money(row.salesTax, row.country)}</td>
                    <td className="py-1.5 pr-3 text-right">{money(row.refunds, row.country)} <span className="text-xs text-slate-500">({row.creditNotes})</span></td>
                    <td className="py-1.5 pr-3 text-right font-semibold">{money(row.net, row.country)}</td>
                    <td className="py-1.5 text-right">{money(row.netTax, row.country)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-label={t('tabs.papers')}>
        <p className="text-sm text-slate-600" data-papers-total>{t('papers.count', { count: list.total })}</p>
        {list.papers.length === 0 ? <p className="mt-3 text-slate-600">{t('papers.empty')}</p> : (
          <ul className="mt-2 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white" data-papers-list>
            {list.papers.map((paper) => (
              <li key={paper.number} className="grid gap-1 p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center" data-admin-paper={paper.number}>
                <div className="min-w-0">
                  <a href={paper.htmlUrl} target="_blank" rel="noopener" className="font-semibold text-brand-800 hover:underline">
                    {tOrders(`papers.kinds.${paper.kind}`)} <span className="font-mono">{paper.number}</span>
                  </a>
                  <p className="text-xs text-slate-600">
                    <Link to={`/${country}/admin?tab=orders&order=${paper.orderId}`} className="font-mono hover:underline">{paper.orderNumber}</Link>
                    {' · '}{tCommon(`country.${paper.country}`)} · {date.format(new Date(paper.issuedAt))} {t('kst')}
                    {paper.company && <> · <span className="[overflow-wrap:anywhere]">{paper.company}</span> {paper.taxId}</>}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2 sm:justify-end">
                  {paper.test && <TestBadge />}
                  <span className="font-semibold tabular-nums">{paper.kind === 'credit_note' ? '−' : ''}{money(paper.amount, paper.country)}</span>
                  <a href={paper.pdfUrl} download className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-semibold" aria-label={tOrders('papers.pdfLabel', { name: `${tOrders(`papers.kinds.${paper.kind}`)} ${paper.number}` })}>{tOrders('papers.pdf')}</a>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={list.page} pageSize={list.pageSize} total={list.total} />
      </section>
    </div>
  );
}
