/** The mails the payments feature queues: staff told of money that is stuck (stuck-money.ts). */
import { z } from 'zod';
import { formatCurrencyMinor } from '../../../domain/currency-money.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import { compose, STAFF_LANGUAGE } from '../../mail/compose.ts';
import { mailKind } from '../../mail/mail-kinds.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { digits, orderOf } from '../orders/order-mail-kinds.ts';
import type { OrderWithDetails } from '../orders/orders.service.ts';

const stuckPayload = z.object({ what: z.enum(['attempt', 'refund']), status: z.string(), provider: z.string(), amount: digits, currency: z.string() });

/** An attempt or refund whose outcome is unknown after an hour, or a refund the provider refused. */
export function staffMoneyMail({ order }: OrderWithDetails, stuck: z.infer<typeof stuckPayload>, to: string, origin: string): MailMessage {
  const t = translatorFor(STAFF_LANGUAGE, 'admin');
  const what = stuck.what === 'refund' ? (stuck.status === 'failed' ? 'refundFailed' : 'refundUnknown') : 'paymentUnknown';
  return compose({
    to,
    lang: STAFF_LANGUAGE,
    subject: t(`mail.money.${what}Subject`, { name: order.orderName }),
    greeting: t(`mail.money.${what}Body`, { provider: t(`settings.providers.${stuck.provider}`) }),
    paragraphs: [t('mail.money.next')],
    table: [[order.orderNumber, order.country.toUpperCase()], [t('mail.money.amount'), stuck.currency ? formatCurrencyMinor(Number(stuck.amount), stuck.currency) : stuck.amount]],
    button: { label: t('mail.open'), href: `${origin}/kr/admin?tab=orders&order=${order.id}` },
    footnotes: [],
    signature: t('mail.signature'),
  });
}

export const paymentMailKinds = {
  staff_money: mailKind({
    payload: stuckPayload,
    build: async (row, batch) => staffMoneyMail(await orderOf(row, batch), row.payload, await batch.staffTo(), batch.origin),
  }),
};
