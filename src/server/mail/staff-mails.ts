/**
 * What staff are told by e-mail (issue 9): a new paid order, a new brief, a new contact message.
 * Written in Korean, the company's language (D19), whatever the customer wrote in.
 */
import type { Language } from '../../domain/countries.ts';
import { formatMinor } from '../../domain/money.ts';
import { LANGUAGE_NAMES } from '../../i18n/config.ts';
import { translatorFor } from '../../i18n/translator.server.ts';
import type { OrderWithDetails } from '../features/orders/orders.service.ts';
import { compose } from './compose.ts';
import type { MailMessage } from './mailer.ts';

export const STAFF_LANGUAGE: Language = 'ko';

export function staffOrderMail({ order, lines }: OrderWithDetails, kind: 'staff_order' | 'staff_brief', to: string, origin: string): MailMessage {
  const t = translatorFor(STAFF_LANGUAGE, 'admin');
  const paid = kind === 'staff_order';
  return compose({
    to,
    lang: STAFF_LANGUAGE,
    subject: t(paid ? 'mail.orderSubject' : 'mail.briefSubject', { name: order.orderName }),
    greeting: t(paid ? 'mail.orderBody' : 'mail.briefBody', { customer: `${order.customerName} <${order.customerEmail}>`, amount: formatMinor(order.amountMinor, order.country) }),
    paragraphs: [],
    table: [[order.orderNumber, order.country.toUpperCase()], ...lines.map((line): [string, string] => [line.name, `× ${line.quantity}`])],
    button: { label: t('mail.open'), href: `${origin}/kr/admin?tab=orders&order=${order.id}` },
    footnotes: [],
    signature: t('mail.signature'),
  });
}

export function staffContactMail(contact: { name: string; email: string; message: string; language: string | null; service: string }, to: string, origin: string): MailMessage {
  const t = translatorFor(STAFF_LANGUAGE, 'admin');
  const language = contact.language && contact.language in LANGUAGE_NAMES ? LANGUAGE_NAMES[contact.language as Language] : '—';
  return compose({
    to,
    lang: STAFF_LANGUAGE,
    subject: t('mail.contactSubject', { name: contact.name }),
    greeting: t('mail.contactBody', { name: contact.name, email: contact.email, language }),
    paragraphs: [contact.message],
    button: { label: t('mail.open'), href: `${origin}/kr/admin?tab=inbox&handled=false` },
    footnotes: [],
    signature: t('mail.signature'),
  });
}

/** The customer answered a draft: approved it, or asked for a revision (with what to change). */
export function staffReviewMail({ order }: OrderWithDetails, review: { decision: string; note?: string | undefined; round?: string | undefined }, to: string, origin: string): MailMessage {
  const t = translatorFor(STAFF_LANGUAGE, 'admin');
  const approved = review.decision === 'approved';
  const customer = `${order.customerName} <${order.customerEmail}>`;
  return compose({
    to,
    lang: STAFF_LANGUAGE,
    subject: t(approved ? 'mail.reviewApprovedSubject' : 'mail.reviewRevisionSubject', { name: order.orderName, round: review.round ?? '' }),
    greeting: t(approved ? 'mail.reviewApprovedBody' : 'mail.reviewRevisionBody', { customer }),
    paragraphs: approved ? [] : [review.note ?? ''],
    table: [[order.orderNumber, order.country.toUpperCase()]],
    button: { label: t('mail.open'), href: `${origin}/kr/admin?tab=orders&order=${order.id}` },
    footnotes: [],
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
