/**
 * Every kind of mail the store sends, each declared by the feature that queues it; the mail
 * worker (mail/mail-worker.ts) sends through this registry and nothing else. A kind listed in the
 * outbox's check (db/schema.ts MAIL_KINDS) and not registered here does not compile.
 */
import type { MAIL_KINDS } from './db/schema.ts';
import { briefMailKinds } from './features/briefs/brief-mail-kinds.ts';
import { contactMailKinds } from './features/contact/contact-mail-kinds.ts';
import { conversationMailKinds } from './features/conversation/conversation-mail-kinds.ts';
import { deliverableMailKinds } from './features/deliverables/deliverable-mail-kinds.ts';
import type { OrderLinks } from './features/orders/order-links.ts';
import { orderMailKinds } from './features/orders/order-mail-kinds.ts';
import { paymentMailKinds } from './features/payments/payment-mail-kinds.ts';
import { quoteMailKinds } from './features/quotes/quote-mail-kinds.ts';
import type { MailKind, MailKinds } from './mail/mail-kinds.ts';

export function storeMailKinds(links: OrderLinks): MailKinds {
  return {
    ...orderMailKinds(links),
    ...briefMailKinds,
    ...deliverableMailKinds(links),
    ...quoteMailKinds(links),
    ...conversationMailKinds(links),
    ...contactMailKinds,
    ...paymentMailKinds,
    // Every kind the outbox's check allows has its entry.
  } satisfies Record<(typeof MAIL_KINDS)[number], MailKind<any>>;
}
