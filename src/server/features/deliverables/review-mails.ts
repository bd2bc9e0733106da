/** Staff are told by e-mail how the customer answered a draft, in staff's language (D19). */
import { translatorFor } from '../../../i18n/translator.server.ts';
import { compose, STAFF_LANGUAGE } from '../../mail/compose.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { OrderWithDetails } from '../orders/orders.service.ts';

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
