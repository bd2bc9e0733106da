/** The mails of a consultation (D28): the request acknowledged, each quote sent, staff told of a decline, a question or an expiry. */
import { z } from 'zod';
import { mailKind } from '../../mail/mail-kinds.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import { digits, orderOf } from '../orders/order-mail-kinds.ts';
import { consultationReceivedMail, quoteSentMail, staffQuoteMail } from './quote-mails.ts';
import { storeRuleNow } from '../tax/tax-rules.service.ts';
import { taxWords } from '../tax/tax-words.ts';

export function quoteMailKinds(links: OrderLinks) {
  return {
    consultation_received: mailKind({
      payload: z.object({}),
      build: async (row, batch) => consultationReceivedMail(await orderOf(row, batch), batch.origin, links),
    }),
    quote_sent: mailKind({
      payload: z.object({ version: digits }),
      build: async (row, batch) => {
        const details = await orderOf(row, batch);
        // The quote's price includes the store's tax as its rule says now (the papers keep the rule at payment).
        const { label } = taxWords(await storeRuleNow(batch.db, details.order.country), details.order.language);
        return quoteSentMail(details, Number(row.payload.version), batch.origin, links, label);
      },
    }),
    staff_quote: mailKind({
      payload: z.object({ event: z.enum(['declined', 'question', 'expired']), text: z.string().optional() }),
      build: async (row, batch) => staffQuoteMail(await orderOf(row, batch), row.payload, await batch.staffTo(), batch.origin),
    }),
  };
}
