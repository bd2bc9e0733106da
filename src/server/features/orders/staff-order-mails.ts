/** What staff are told of an order by e-mail: it was paid, or its brief arrived (in staff's language, D19). */
import { formatMinor } from '../../../domain/money.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import { compose, STAFF_LANGUAGE } from '../../mail/compose.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { staffNameOf } from '../admin/staff-names.ts';
import { lineName } from './order-names.ts';
import type { OrderWithDetails } from './orders.service.ts';

export function staffOrderMail({ order, lines }: OrderWithDetails, kind: 'staff_order' | 'staff_brief', to: string, origin: string): MailMessage {
  const t = translatorFor(STAFF_LANGUAGE, 'admin');
  const paid = kind === 'staff_order';
  // A test payment says so in the subject (D29 amended): no work should start on it by mistake.
  const subject = order.testPayment ? (paid ? 'mail.testOrderSubject' : 'mail.testBriefSubject') : (paid ? 'mail.orderSubject' : 'mail.briefSubject');
  return compose({
    to,
    lang: STAFF_LANGUAGE,
    // Named in staff's language, from its lines (issue 33, item 24); the customer's is the stored name.
    subject: t(subject, { name: staffNameOf(order, lines, STAFF_LANGUAGE) }),
    greeting: t(paid ? 'mail.orderBody' : 'mail.briefBody', { customer: `${order.customerName} <${order.customerEmail}>`, amount: formatMinor(order.amountMinor, order.country) }),
    paragraphs: order.testPayment ? [t('mail.testNote')] : [],
    table: [[order.orderNumber, order.country.toUpperCase()], ...lines.map((line): [string, string] => [lineName(line, STAFF_LANGUAGE), `× ${line.quantity}`])],
    button: { label: t('mail.open'), href: `${origin}/kr/admin?tab=orders&order=${order.id}` },
    footnotes: [],
    signature: t('mail.signature'),
  });
}
