/** The e-mail a customer gets when an order is paid, in the language they ordered in. */
import { formatMinor, formatMoney } from '../../../domain/money.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import { compose } from '../../mail/compose.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { OrderLinks } from './order-links.ts';
import type { OrderWithDetails } from './orders.service.ts';

export function orderPaidMail({ order, lines }: OrderWithDetails, origin: string, links: OrderLinks): MailMessage {
  const t = translatorFor(order.language, 'orders');
  const money = (minor: number) => formatMinor(minor, order.country);
  const won = (krw: number) => formatMoney(krw, 'kr');
  const rows: Array<[string, string]> = [
    [t('mail.number'), order.orderNumber],
    ...lines.map((line): [string, string] => [`${line.name} × ${line.quantity}`, won(line.totalKrw)]),
    [t('mail.total'), money(order.amountMinor)],
  ];
  return compose({
    to: order.customerEmail,
    lang: order.language,
    subject: t('mail.paidSubject', { name: order.orderName }),
    greeting: t('mail.greeting', { name: order.customerName }),
    paragraphs: [t('mail.paidBody'), t('mail.next')],
    table: rows,
    // Signed-in customers follow the order in My Page; a guest gets the order's private link (D22).
    button: order.isGuestOrder
      ? { label: t('mail.orderPage'), href: links.url(order.country, order.orderNumber) }
      : { label: t('mail.myPage'), href: `${origin}/${order.country}/profile` },
    footnotes: [...(order.receiptUrl ? [t('mail.receipt', { url: order.receiptUrl })] : []), t('mail.questions')],
    signature: t('mail.signature'),
  });
}
