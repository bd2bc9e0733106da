/**
 * Staff's papers (issue 34): every numbered paper, searched by its number (or its order's), store,
 * kind and period of issue (Korea time, D19, as the staff lists), and the period's totals per store
 * for the accountant: sales (receipts), refunds (credit notes), each with its tax, and what is left.
 * Tax invoices repeat their receipt's amount, so they are listed but not added. Test payments
 * (D29 amended) are listed, marked, and left out of the totals, as the overview leaves them out.
 */
import { and, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CountryCode } from '../../../domain/countries.ts';
import { minorDigits } from '../../../domain/money.ts';
import { orderNumberCandidates } from '../../../domain/order-number.ts';
import type { AdminPapersQuery } from '../../../domain/validation/admin.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { orders, papers } from '../../db/schema.ts';
import { paperUrls } from '../papers/paper-urls.ts';
import { kstMidnight, nextDay } from './staff-days.ts';


type Period = Pick<AdminPapersQuery, 'q' | 'country' | 'kind' | 'from' | 'to'>;

function filters(query: Period): SQL {
  const conditions: SQL[] = [isNotNull(papers.number)];
  if (query.country) conditions.push(eq(papers.country, query.country));
  if (query.kind) conditions.push(eq(papers.kind, query.kind));
  if (query.from) conditions.push(gte(papers.issuedAt, kstMidnight(query.from)));
  if (query.to) conditions.push(lt(papers.issuedAt, nextDay(query.to)));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const numbers = orderNumberCandidates(query.q);
    conditions.push(or(ilike(papers.number, like), ...(numbers.length ? [inArray(orders.orderNumber, numbers)] : []))!);
  }
  return and(...conditions)!;
}

const columns = {
  number: papers.number, kind: papers.kind, country: papers.country, currency: papers.currency, issuedAt: papers.issuedAt,
  amount: papers.amountMinor, tax: papers.taxMinor, buyer: papers.buyer, correctsPaperId: papers.correctsPaperId,
  orderId: orders.id, orderNumber: orders.orderNumber, test: orders.testPayment,
};

export interface StoreTotals {
  country: CountryCode;
  currency: string;
  receipts: number;
  sales: number;
  salesTax: number;
  creditNotes: number;
  refunds: number;
  refundsTax: number;
  /** Sales less refunds, and their tax. */
  net: number;
  netTax: number;
}

/** The period's totals per store and currency: real payments only, tax invoices not added to their receipts. */
async function totalsOf(db: Database, where: SQL): Promise<StoreTotals[]> {
  const rows = rowsOf<{ country: CountryCode; currency: string; receipts: number; sales: string; sales_tax: string; credit_notes: number; refunds: string; refunds_tax: string }>(await db.execute(sql`
    select ${papers.country} as country, ${papers.currency} as currency,
      count(*) filter (where ${papers.kind} = 'receipt')::int as receipts,
      coalesce(sum(${papers.amountMinor}) filter (where ${papers.kind} = 'receipt'), 0)::bigint as sales,
      coalesce(sum(${papers.taxMinor}) filter (where ${papers.kind} = 'receipt'), 0)::bigint as sales_tax,
      count(*) filter (where ${papers.kind} = 'credit_note')::int as credit_notes,
      coalesce(sum(${papers.amountMinor}) filter (where ${papers.kind} = 'credit_note'), 0)::bigint as refunds,
      coalesce(sum(${papers.taxMinor}) filter (where ${papers.kind} = 'credit_note'), 0)::bigint as refunds_tax
    from ${papers} join ${orders} on ${orders.id} = ${papers.orderId}
    where ${where} and not ${orders.testPayment}
    group by 1, 2 order by 1, 2`));
  return rows.map((r) => {
    const sales = Number(r.sales);
    const refunds = Number(r.refunds);
    const salesTax = Number(r.sales_tax);
    const refundsTax = Number(r.refunds_tax);
    return { country: r.country, currency: r.currency, receipts: r.receipts, sales, salesTax, creditNotes: r.credit_notes, refunds, refundsTax, net: sales - refunds, netTax: salesTax - refundsTax };
  });
}

type PaperRow = Awaited<ReturnType<typeof pageOf>>[number];
const pageOf = (db: Database, where: SQL, limit?: number, offset = 0) => {
  const query = db.select(columns).from(papers).innerJoin(orders, eq(orders.id, papers.orderId)).where(where).orderBy(desc(papers.issuedAt), desc(papers.sequence));
  return limit === undefined ? query : query.limit(limit).offset(offset);
};

const view = (row: PaperRow) => ({
  number: row.number!, kind: row.kind, country: row.country, currency: row.currency, issuedAt: row.issuedAt,
  amount: row.amount, tax: row.tax, test: row.test, company: row.buyer?.company ?? null, taxId: row.buyer?.taxId ?? null,
  orderId: row.orderId, orderNumber: row.orderNumber,
  ...paperUrls(row.orderNumber, row.number!),
});

/** One page of papers, newest first, with the total that matches and the period's totals per store. */
export async function listPapers(db: Database, query: AdminPapersQuery) {
  const where = filters(query);
  const [rows, [counted], totals] = await Promise.all([
    pageOf(db, where, query.pageSize, (query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(papers).innerJoin(orders, eq(orders.id, papers.orderId)).where(where),
    totalsOf(db, where),
  ]);
  return { papers: rows.map(view), total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize, totals };
}

/** A cell as a spreadsheet reads it: quoted when needed. */
function cell(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** What a buyer typed, never read as a formula (a company named "=HYPERLINK(…)" stays text). */
const typed = (value: string | null) => (value !== null && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** Minor units as the currency's decimal amount (1234 cents: 12.34; won as they are). */
const decimal = (minor: number, country: CountryCode) => {
  const digits = minorDigits(country);
  if (!digits) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const units = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${sign}${units.slice(0, -digits)}.${units.slice(-digits)}`;
};

const CSV_HEADER = ['number', 'kind', 'store', 'currency', 'issued_at', 'order', 'corrects', 'company', 'tax_id', 'amount', 'tax', 'net', 'test_payment'];
const TOTALS_HEADER = ['totals', 'store', 'currency', 'receipts', 'sales', 'sales_tax', 'credit_notes', 'refunds', 'refunds_tax', 'net', 'net_tax'];

/**
 * A period's papers as CSV for the accountant: one row per paper (oldest first, amounts in the
 * currency's units with a point), then each store's totals, the same as the papers tab shows.
 */
export async function papersCsv(db: Database, query: Period): Promise<{ csv: string; rows: number }> {
  const where = filters(query);
  const [rows, totals] = await Promise.all([pageOf(db, where), totalsOf(db, where)]);
  const numbers = new Map<string, string>();
  const correctsIds = rows.map((r) => r.correctsPaperId).filter((id): id is string => id !== null);
  if (correctsIds.length) {
    for (const corrected of await db.select({ id: papers.id, number: papers.number }).from(papers).where(inArray(papers.id, correctsIds))) numbers.set(corrected.id, corrected.number ?? '');
  }
  const lines = [CSV_HEADER.join(',')];
  for (const row of [...rows].reverse()) {
    const sign = row.kind === 'credit_note' ? -1 : 1;
    lines.push([
      row.number, row.kind, row.country, row.currency, row.issuedAt.toISOString(), row.orderNumber,
      row.correctsPaperId ? numbers.get(row.correctsPaperId) ?? '' : '', typed(row.buyer?.company ?? null), typed(row.buyer?.taxId ?? null),
      decimal(sign * row.amount, row.country), decimal(sign * row.tax, row.country), decimal(sign * (row.amount - row.tax), row.country), row.test,
    ].map(cell).join(','));
  }
  lines.push('', TOTALS_HEADER.join(','));
  for (const t of totals) {
    lines.push(['totals', t.country, t.currency, t.receipts, decimal(t.sales, t.country), decimal(t.salesTax, t.country), t.creditNotes, decimal(t.refunds, t.country), decimal(t.refundsTax, t.country), decimal(t.net, t.country), decimal(t.netTax, t.country)].map(cell).join(','));
  }
  // A BOM so spreadsheet programs read the Korean, Japanese and Chinese names as UTF-8.
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, rows: rows.length };
}
