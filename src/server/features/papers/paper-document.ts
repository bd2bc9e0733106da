/**
 * A paper as it reads (issue 34): every word and amount of a receipt, tax invoice or credit note,
 * in the order's language and currency, built once from what was stored at issue and set by both
 * the PDF (paper-pdf.ts) and the HTML page (paper-html.ts), so the two never say different things.
 */
import { COUNTRIES, type CountryCode, type Language } from '../../../domain/countries.ts';
import { formatMinor } from '../../../domain/money.ts';
import { paymentMethodMessage } from '../../../domain/payment-method-names.ts';
import type { QuoteLine } from '../../../domain/quotes.ts';
import { COMPANY } from '../../../domain/site.ts';
import { shareByLargestRemainder } from '../../../domain/tax/amounts.ts';
import { STORE_TIME_ZONES, type PaperKind } from '../../../domain/tax/papers.ts';
import { formatTaxId } from '../../../domain/tax/tax-ids.ts';
import type { orders, papers } from '../../db/schema.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import { allocateMinor } from '../../../domain/payments.ts';

type PaperRow = typeof papers.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** What a paper is made from: itself, its order, and what the order sold. */
export interface PaperSource {
  paper: PaperRow & { number: string };
  order: OrderRow;
  /** The order's lines as sold (a catalog order), or its paid quote's lines (a consultation). */
  lines: ReadonlyArray<{ name: string; quantity: number; totalKrw: number }>;
  quoteLines: readonly QuoteLine[] | null;
  /** The number of the paper a credit note corrects. */
  corrects: string | null;
}

export interface Fact {
  label: string;
  value: string;
}

export interface PaperLine {
  description: string;
  quantity: string;
  /** The line's share of the tax; null where the seller is not registered. */
  tax: string | null;
  amount: string;
}

export interface PaperDocument {
  lang: Language;
  kind: PaperKind;
  title: string;
  number: string;
  /** Number, dates, order, payment: label and value pairs. */
  facts: Fact[];
  seller: { heading: string; lines: string[] };
  /** The buyer's business details as given, when any were. */
  buyer: { heading: string; lines: string[] } | null;
  columns: { description: string; quantity: string; tax: string | null; amount: string };
  lines: PaperLine[];
  totals: Array<Fact & { strong?: boolean }>;
  notes: string[];
  footer: string;
  /** The PDF's file name, the number itself. */
  fileName: string;
  /** Words only the HTML page shows. */
  page: { downloadPdf: string; printHint: string; details: string; items: string };
}

/** Dates as the store's calendar has them: a paper issued at 23:30 in Sydney is dated that day. */
function dateIn(country: CountryCode, lang: Language, at: Date): string {
  return new Intl.DateTimeFormat(`${lang}-${country.toUpperCase()}`, { dateStyle: 'long', timeZone: STORE_TIME_ZONES[country] }).format(at);
}

/** The lines a paper lists, adding up to what it is for: the quote's, the order's, or one line. */
function soldLines(source: PaperSource, t: (key: string, vars?: Record<string, unknown>) => string): Array<{ description: string; quantity: number; amount: number }> {
  const { paper, order } = source;
  if (paper.kind === 'credit_note') {
    return [{ description: t('papers.refundLine', { order: order.orderNumber }), quantity: 1, amount: paper.amountMinor }];
  }
  if (source.quoteLines?.length && source.quoteLines.reduce((sum, l) => sum + l.amount, 0) === paper.amountMinor) {
    return source.quoteLines.map((line) => ({ description: line.description, quantity: 1, amount: line.amount }));
  }
  if (source.lines.length) {
    const amounts = allocateMinor(source.lines.map((line) => line.totalKrw), paper.amountMinor);
    return source.lines.map((line, i) => ({ description: line.name, quantity: line.quantity, amount: amounts[i]! }));
  }
  return [{ description: order.orderName, quantity: 1, amount: paper.amountMinor }];
}

const percent = (basisPoints: number, lang: Language) =>
  new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10000);

export function paperDocument(source: PaperSource): PaperDocument {
  const { paper, order } = source;
  const lang = order.language;
  const country = order.country;
  const t = translatorFor(lang, 'mail');
  const common = translatorFor(lang, 'common');
  const orders = translatorFor(lang, 'orders');
  const money = (minor: number) => formatMinor(minor, country);
  const rule = paper.taxRule;
  const taxName = common(`tax.names.${rule.kind}`);
  const registered = rule.registered;

  const title = t(`papers.titles.${paper.kind}`);
  const facts: Fact[] = [
    { label: t('papers.number'), value: paper.number },
    { label: t('papers.issued'), value: dateIn(country, lang, paper.issuedAt) },
    { label: t('papers.order'), value: order.orderNumber },
  ];
  if (paper.kind === 'credit_note') {
    if (source.corrects) facts.push({ label: t('papers.corrects'), value: source.corrects });
  } else {
    if (order.paidAt) facts.push({ label: t('papers.paidOn'), value: dateIn(country, lang, order.paidAt) });
    const method = paymentMethodMessage(order.paymentMethod, order.paymentProvider);
    if (method) facts.push({ label: t('papers.method'), value: (method.ns === 'orders' ? orders : common)(method.key) });
  }

  const seller = {
    heading: t('papers.seller'),
    lines: [
      common('footer.companyName'),
      common('footer.address'),
      COMPANY.email,
      // Registrations only where the seller is registered: an unregistered store says nothing about tax.
      ...(registered ? rule.registrations.map((r) => `${common(`tax.registrations.${r.kind}`)} ${r.value}`) : []),
    ],
  };

  const business = paper.buyer;
  const taxIdKind = country === 'kr' ? 'kr_business' : country === 'au' ? 'abn' : 'other';
  const buyer = business
    ? {
        heading: t('papers.buyer'),
        lines: [
          business.company,
          `${common(`tax.registrations.${taxIdKind}`)} ${taxIdKind === 'other' ? business.taxId : formatTaxId(taxIdKind, business.taxId)}`,
          ...(business.address ? [business.address] : []),
          ...(business.email ? [business.email] : []),
        ],
      }
    : null;

  const sold = soldLines(source, t);
  const lineTaxes = registered ? shareByLargestRemainder(paper.taxMinor, sold.map((l) => l.amount)) : null;
  const lines: PaperLine[] = sold.map((line, i) => ({
    description: line.description,
    quantity: new Intl.NumberFormat(lang).format(line.quantity),
    tax: lineTaxes ? money(lineTaxes[i]!) : null,
    amount: money(line.amount),
  }));

  const totalKey = paper.kind === 'credit_note' ? 'papers.totalRefunded' : 'papers.totalPaid';
  const totals = registered
    ? [
        { label: t('papers.net', { tax: taxName }), value: money(paper.amountMinor - paper.taxMinor) },
        { label: t('papers.taxAt', { tax: taxName, rate: percent(rule.rateBasisPoints, lang) }), value: money(paper.taxMinor) },
        { label: t(totalKey), value: money(paper.amountMinor), strong: true },
      ]
    : [{ label: t(totalKey), value: money(paper.amountMinor), strong: true }];

  const notes: string[] = [];
  if (registered) notes.push(t('papers.includesTax', { tax: taxName, amount: money(paper.taxMinor) }));
  if (paper.kind === 'credit_note') notes.push(source.corrects ? t('papers.correctsNote', { number: source.corrects }) : t('papers.refundNote'));
  if (country === 'kr' && paper.kind === 'receipt' && order.paymentMethod === '카드') notes.push(t('papers.cardSlip'));
  if (order.testPayment) notes.push(t('papers.test'));

  return {
    lang,
    kind: paper.kind,
    title,
    number: paper.number,
    facts,
    seller,
    buyer,
    columns: {
      description: t('papers.columns.description'),
      quantity: t('papers.columns.quantity'),
      tax: registered ? taxName : null,
      amount: t('papers.columns.amount', { currency: COUNTRIES[country].currency }),
    },
    lines,
    totals,
    notes,
    footer: t('papers.footer', { company: common('footer.companyName') }),
    fileName: `${paper.number}.pdf`,
    page: { downloadPdf: t('papers.downloadPdf'), printHint: t('papers.printHint'), details: t('papers.details'), items: t('papers.items') },
  };
}
