/**
 * The customer's e-mails about a consultation (D28), in the language they wrote in: the request
 * acknowledged at once, and each quote with its lines, its validity and the way to pay it (My Page,
 * or the private order link for a guest, D22).
 */
import type { CountryCode } from '../../../domain/countries.ts';
import { formatMinor } from '../../../domain/money.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import { compose, STAFF_LANGUAGE } from '../../mail/compose.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { followButton } from '../orders/order-mails.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import type { OrderWithDetails } from '../orders/orders.service.ts';

/** A day as the customer reads it, in Korea time (D19), where quote validity is counted. */
function quoteDay(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'Asia/Seoul' }).format(date);
}

export function consultationReceivedMail({ order }: OrderWithDetails, origin: string, links: OrderLinks): MailMessage {
  const t = translatorFor(order.language, 'orders');
  return compose({
    to: order.customerEmail,
    lang: order.language,
    subject: t('quoteMail.receivedSubject'),
    greeting: t('mail.greeting', { name: order.customerName }),
    paragraphs: [t('quoteMail.receivedBody', { name: order.orderName }), t('quoteMail.receivedNext')],
    table: [[t('mail.number'), order.orderNumber]],
    button: followButton(order, origin, links, t),
    footnotes: [t('mail.questions')],
    signature: t('mail.signature'),
  });
}

/** `taxLabel` is the store's price label now ("GST included"), or null where its seller is not registered (issue 34). */
export function quoteSentMail({ order, quotes }: OrderWithDetails, version: number, origin: string, links: OrderLinks, taxLabel: string | null = null): MailMessage {
  const t = translatorFor(order.language, 'orders');
  // The version this mail was queued for, or the newest if it is gone.
  const quote = quotes.find((q) => q.version === version) ?? quotes[0];
  if (!quote) throw new Error(`order ${order.id} has no quote to send`);
  const money = (minor: number) => formatMinor(minor, order.country as CountryCode);
  const until = quoteDay(quote.validUntil, order.language);
  return compose({
    to: order.customerEmail,
    lang: order.language,
    subject: t(quote.version > 1 ? 'quoteMail.revisedSubject' : 'quoteMail.subject', { name: order.orderName }),
    greeting: t('mail.greeting', { name: order.customerName }),
    paragraphs: [
      t(quote.version > 1 ? 'quoteMail.revisedBody' : 'quoteMail.body', { name: order.orderName }),
      ...(quote.note ? [t('quoteMail.note', { note: quote.note })] : []),
      t('quoteMail.validity', { date: until }),
    ],
    table: [
      [t('mail.number'), order.orderNumber],
      ...quote.lines.map((line): [string, string] => [line.description, money(line.amount)]),
      [taxLabel ? t('mail.withTax', { total: t('quoteMail.total'), tax: taxLabel }) : t('quoteMail.total'), money(quote.amountMinor)],
      [t('quoteMail.validUntil'), until],
    ],
    button: { ...followButton(order, origin, links, t), label: t('quoteMail.pay') },
    footnotes: [t('quoteMail.answer'), t('mail.questions')],
    signature: t('mail.signature'),
  });
}

/** The customer declined the quote or asked about it, or it expired unpaid (D28). */
export function staffQuoteMail({ order }: OrderWithDetails, about: { event: string; text?: string | undefined }, to: string, origin: string): MailMessage {
  const t = translatorFor(STAFF_LANGUAGE, 'admin');
  const event = about.event === 'declined' || about.event === 'question' ? about.event : 'expired';
  return compose({
    to,
    lang: STAFF_LANGUAGE,
    subject: t(`mail.quote.${event}Subject`, { name: order.orderName }),
    greeting: t(`mail.quote.${event}Body`, { customer: `${order.customerName} <${order.customerEmail}>` }),
    paragraphs: about.text ? [about.text] : [],
    table: [[order.orderNumber, order.country.toUpperCase()], [t('mail.quote.amount'), formatMinor(order.amountMinor, order.country)]],
    button: { label: t('mail.open'), href: `${origin}/kr/admin?tab=orders&order=${order.id}` },
    footnotes: [],
    signature: t('mail.signature'),
  });
}
