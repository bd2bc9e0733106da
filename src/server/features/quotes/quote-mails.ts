/**
 * The customer's e-mails about a consultation (D28), in the language they wrote in: the request
 * acknowledged at once, and each quote with its lines, its validity and the way to pay it (My Page,
 * or the private order link for a guest, D22).
 */
import type { CountryCode } from '../../../domain/countries.ts';
import { formatMinor } from '../../../domain/money.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import { compose } from '../../mail/compose.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { followButton } from '../orders/order-mails.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import type { OrderWithDetails } from '../orders/orders.service.ts';

/** A day as the customer reads it, in Korea time (D19), where quote validity is counted. */
export function quoteDay(date: Date, language: string): string {
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

export function quoteSentMail({ order, quotes }: OrderWithDetails, version: number, origin: string, links: OrderLinks): MailMessage {
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
      [t('quoteMail.total'), money(quote.amountMinor)],
      [t('quoteMail.validUntil'), until],
    ],
    button: { ...followButton(order, origin, links, t), label: t('quoteMail.pay') },
    footnotes: [t('quoteMail.answer'), t('mail.questions')],
    signature: t('mail.signature'),
  });
}
