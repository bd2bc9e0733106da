/** The e-mails a customer gets about an order, in the language they ordered in. */
import { REVIEW_DAYS } from '../../../domain/deliverables.ts';
import { formatMinor } from '../../../domain/money.ts';
import { linesWithAmounts } from '../../../domain/payments.ts';
import { taxWords } from '../tax/tax-words.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import { compose } from '../../mail/compose.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { OrderLinks } from './order-links.ts';
import type { OrderWithDetails } from './orders.service.ts';

/** `attached` names the papers that go with it (issue 34). */
export function orderPaidMail({ order, lines, quotes, brief, papers }: OrderWithDetails, origin: string, links: OrderLinks, attached: readonly string[] = []): MailMessage {
  const t = translatorFor(order.language, 'orders');
  const money = (minor: number) => formatMinor(minor, order.country);
  // The tax in what was paid, as its receipt says (issue 34); nothing where the seller is not registered.
  const receipt = papers.find((paper) => paper.kind === 'receipt' && paper.refundId === null);
  const tax = receipt?.taxRule.registered ? taxWords({ ...receipt.taxRule, included: true }, order.language) : null;
  const rows: Array<[string, string]> = [
    [t('mail.number'), order.orderNumber],
    // A paid quote lists what was quoted (D28); other orders their lines: both in the order's currency.
    ...(quotes[0]
      ? quotes[0].lines.map((line): [string, string] => [line.description, money(line.amount)])
      : linesWithAmounts(lines, order.amountMinor).map((line): [string, string] => [`${line.name} × ${line.quantity}`, money(line.amount)])),
    [tax?.label ? t('mail.withTax', { total: t('mail.total'), tax: tax.label }) : t('mail.total'), money(order.amountMinor)],
    ...(tax && receipt ? [[tax.name, money(receipt.taxMinor)] as [string, string]] : []),
  ];
  return compose({
    to: order.customerEmail,
    lang: order.language,
    subject: t('mail.paidSubject', { name: order.orderName }),
    greeting: t('mail.greeting', { name: order.customerName }),
    // A brief already written (every consultation's, or one sent before the payment) is not asked for again (issue 33, item 32).
    paragraphs: [t('mail.paidBody'), brief ? t('payment.stepStart') : t('mail.next')],
    table: rows,
    // Signed-in customers follow the order in My Page; a guest gets the order's private link (D22).
    button: followButton(order, origin, links, t),
    // D29: a payment through the offline sandbox took no money, and the mail says so.
    footnotes: [
      ...(order.paymentProvider === 'sandbox' ? [t('mail.testPayment')] : []),
      ...(attached.length ? [t('mail.papersAttached', { papers: attached.join(', ') })] : []),
      ...(order.receiptUrl ? [t('mail.receipt', { url: order.receiptUrl })] : []),
      t('mail.questions'),
    ],
    signature: t('mail.signature'),
  });
}

/**
 * A guest's payment did not go through (issue 33, item 19): the order is kept, and its private link
 * (D22), with its "Pay now" opened, is where they pay it from any browser.
 */
export function orderKeptMail({ order }: OrderWithDetails, links: OrderLinks): MailMessage {
  const t = translatorFor(order.language, 'orders');
  return compose({
    to: order.customerEmail,
    lang: order.language,
    subject: t('mail.keptSubject', { name: order.orderName }),
    greeting: t('mail.greeting', { name: order.customerName }),
    // A quote stays payable while it is valid; any other unpaid order is cancelled a day after it was placed.
    paragraphs: [t('mail.keptBody'), ...(order.status === 'pending' ? [t('mail.keptExpiry')] : []), t('mail.keptLink')],
    table: [[t('mail.number'), order.orderNumber], [t('mail.amountDue'), formatMinor(order.amountMinor, order.country)]],
    button: { label: t('mail.payNow'), href: `${links.url(order.country, order.orderNumber)}&pay=1` },
    footnotes: [t('mail.questions')],
    signature: t('mail.signature'),
  });
}

/** Where the customer follows the order: My Page, or a guest's private link (D22). */
export function followButton(order: OrderWithDetails['order'], origin: string, links: OrderLinks, t: (key: string) => string) {
  return order.isGuestOrder
    ? { label: t('mail.orderPage'), href: links.url(order.country, order.orderNumber) }
    : { label: t('mail.myPage'), href: `${origin}/${order.country}/profile` };
}

/** Staff moved the order to another status (D3): what it was, what it is now. */
/** `attached` names the credit note that goes with a refund's mail (issue 34). */
export function orderStatusMail({ order }: OrderWithDetails, change: { from: string; to: string; refundMinor?: number }, origin: string, links: OrderLinks, attached: readonly string[] = []): MailMessage {
  const t = translatorFor(order.language, 'orders');
  const status = translatorFor(order.language, 'common');
  const label = (value: string) => status(`orderStatus.${value}`);
  return compose({
    to: order.customerEmail,
    lang: order.language,
    subject: t('mail.statusSubject', { status: label(change.to) }),
    greeting: t('mail.greeting', { name: order.customerName }),
    paragraphs: [
      t('mail.statusBody', { name: order.orderName, from: label(change.from), to: label(change.to) }),
      ...(change.to === 'draft_delivered' ? [t('mail.draftReady', { count: REVIEW_DAYS })] : []),
    ],
    table: [
      [t('mail.number'), order.orderNumber],
      [t('mail.status'), label(change.to)],
      ...(change.refundMinor ? [[t('mail.refund'), formatMinor(change.refundMinor, order.country)] as [string, string]] : []),
    ],
    button: followButton(order, origin, links, t),
    footnotes: [...(attached.length ? [t('mail.papersAttached', { papers: attached.join(', ') })] : []), t('mail.questions')],
    signature: t('mail.signature'),
  });
}

/** A short mail about the order: a subject, what happened, the order's number and the way to it. */
function orderNoteMail(order: OrderWithDetails['order'], subject: string, paragraphs: string[], origin: string, links: OrderLinks): MailMessage {
  const t = translatorFor(order.language, 'orders');
  return compose({
    to: order.customerEmail,
    lang: order.language,
    subject,
    greeting: t('mail.greeting', { name: order.customerName }),
    paragraphs,
    table: [[t('mail.number'), order.orderNumber]],
    button: followButton(order, origin, links, t),
    footnotes: [t('mail.questions')],
    signature: t('mail.signature'),
  });
}

/** Staff wrote a comment the customer reads with the order. */
export function orderCommentMail({ order }: OrderWithDetails, comment: string, origin: string, links: OrderLinks): MailMessage {
  const t = translatorFor(order.language, 'orders');
  return orderNoteMail(order, t('mail.commentSubject'), [t('mail.commentBody', { name: order.orderName }), comment], origin, links);
}

/** Staff added files to the order: a further draft, or the final files. */
export function orderFilesMail({ order }: OrderWithDetails, files: { purpose: string; count: number }, origin: string, links: OrderLinks): MailMessage {
  const t = translatorFor(order.language, 'orders');
  return orderNoteMail(order, t('mail.filesSubject'), [
    t(files.purpose === 'final' ? 'mail.filesFinal' : 'mail.filesDraft', { name: order.orderName, count: files.count }),
    ...(files.purpose === 'draft' ? [t('mail.draftReady', { count: REVIEW_DAYS })] : []),
  ], origin, links);
}
