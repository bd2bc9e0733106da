/**
 * The provider's word applied to an order (D27), the one place where an order becomes paid, whether
 * the word came with the payer's return, a webhook, or both in either order. Paid is taken only
 * for the order's exact amount and currency; money that arrives for a wrong amount, or for an
 * order that stopped being payable (cancelled meanwhile, paid by another attempt), is given back
 * through the provider and refused. Marking the order paid (through the lifecycle's one transition,
 * with its history row and mails), the attempt succeeded and the cart's bought lines are one
 * statement, conditioned on the order still being payable: of two deliveries of the same word,
 * one changes the order and the other finds it paid by this very attempt and answers the same.
 * A provider that cannot be read (a 5xx, a timeout, a dropped connection) leaves the attempt
 * `unknown`, never failed (D32): the payer is told the payment is being checked, and the reconciler
 * asks again.
 */
import { hash } from 'node:crypto';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors.ts';
import type { PaymentAttemptStatus, PaymentChoice } from '../../../domain/payments.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { paperYear } from '../../../domain/tax/papers.ts';
import { DEFAULT_TAX_RULES } from '../../../domain/tax/rules.ts';
import { cartItems, orderLines, orderQuotes, orders, papers, paymentAttempts, taxRules } from '../../db/schema.ts';
import { preparedTransition } from '../orders/lifecycle.ts';
import { findOrderByNumber, type OrderRow } from '../orders/orders.service.ts';
import { markAttempt, type NewAttempt } from './attempts.ts';
import { numberSoon } from './papers-numbering.ts';
import type { PaymentProvider, ProviderWord } from './providers/provider.ts';
import { requestRefund, sendRefund } from './refunds.service.ts';

export type SettleOutcome =
  | { kind: 'paid'; order: OrderRow; newlyPaid: boolean }
  /** Accepted and not settled (a delayed method), or not known yet (the provider could not be read): being checked. */
  | { kind: 'processing'; order: OrderRow };

/** The attempt the word is about, as known before asking (its method, its key, where it stood). */
interface AttemptOf {
  method: PaymentChoice;
  idempotencyKey: string;
  status?: PaymentAttemptStatus | undefined;
  /** What the attempt asked the provider for, when it was started by the store. */
  amountMinor?: number | undefined;
  /** The quote version it was started for (D28). */
  quoteVersion?: number | null | undefined;
}

/** The quote version payable now: the newest one sent (null for an order without quotes). */
async function payableQuoteVersion(db: Database, orderId: string): Promise<number | null> {
  const [row] = rowsOf<{ version: number | null }>(await db.execute(sql`select max(version)::int as version from ${orderQuotes} where order_id = ${orderId}`));
  return row?.version ?? null;
}

/** Refuses an attempt started for a quote version that is no longer the one to pay (D28, issue 32 item 11). */
export async function assertQuoteVersion(db: Database, order: OrderRow, attempt: Pick<AttemptOf, 'quoteVersion'>): Promise<void> {
  if (attempt.quoteVersion === null || attempt.quoteVersion === undefined) return;
  const payable = await payableQuoteVersion(db, order.id);
  if (payable !== attempt.quoteVersion) throw new DomainError('QUOTE_REVISED', { detail: `attempt for quote v${attempt.quoteVersion}, payable v${payable ?? '-'}` });
}

/** A short, stable key part for a provider reference (Toss keys may be 200 characters). */
export const referenceHash = (reference: string) => hash('sha256', reference, 'base64url').slice(0, 32);

function attemptRecord(provider: PaymentProvider, order: OrderRow, attempt: AttemptOf): NewAttempt {
  return { orderId: order.id, provider: provider.name, method: attempt.method, amountMinor: order.amountMinor, currency: order.currency, idempotencyKey: attempt.idempotencyKey };
}

/**
 * Gives money back that the order cannot take, and says why. The attempt is marked refused and the
 * refund recorded as requested in one transaction (the claim, keyed `refuse:{attempt key}`, so every
 * retry of this refusal names the same refund); the provider is then called outside it, and a refund
 * whose answer is lost is finished by the reconciler (refunds.service.ts).
 */
async function refuse(db: Database, provider: PaymentProvider, order: OrderRow, attempt: AttemptOf, word: ProviderWord, error: DomainError): Promise<never> {
  const refund = await db.transaction(async (tx) => {
    const attemptId = await markAttempt(tx as unknown as Database, { ...attemptRecord(provider, order, attempt), reference: word.reference, status: 'refused', failure: error.message, paymentRef: word.paymentRef });
    if (!word.paymentRef) return null;
    return requestRefund(tx as unknown as Database, {
      orderId: order.id, attemptId, provider: provider.name, paymentRef: word.paymentRef, currency: word.currency,
      // An amount that could not be read exactly is no amount to send: the attempt's is what was asked for.
      amountMinor: word.amountMinor > 0 ? word.amountMinor : attempt.amountMinor ?? order.amountMinor,
      reason: `Refused by the store: ${error.message}`.slice(0, 200), idempotencyKey: `refuse:${attempt.idempotencyKey}`,
    });
  });
  if (refund) await sendRefund(db, () => provider, refund);
  throw error;
}

const matchesOrder = (order: OrderRow, word: ProviderWord) =>
  word.amountMinor === order.amountMinor && word.currency.toUpperCase() === order.currency.toUpperCase()
  && (word.orderNumber === null || word.orderNumber === order.orderNumber);

/**
 * Paying an order, one statement (data-modifying CTEs, atomic, one round trip): the attempt
 * succeeded (made here if the provider's reference is new, as a Toss payment confirmed without a
 * start), the order paid through the lifecycle's `paid` transition (D30: history row, mails) only
 * if it is still payable for this very amount, and what was bought taken out of the cart. Of two
 * deliveries of the same word, the second waits on the attempt's row and then finds the order
 * paid. Built once: every payment runs the same statement with its own values (decision 0024).
 */
const paidStatement = preparedTransition<'orderId' | 'provider' | 'method' | 'reference' | 'paymentRef' | 'amountMinor' | 'currency' | 'idempotencyKey' | 'note' | 'paymentMethod' | 'receiptUrl' | 'paidAt' | 'testPayment' | 'country' | 'defaultTaxRule' | 'paperYear'>((p) => ({
  change: {
    orderId: p('orderId'), event: 'paid', actor: 'provider', note: p('note'),
    set: { paymentProvider: p('provider'), paymentKey: p('paymentRef'), paymentMethod: p('paymentMethod'), receiptUrl: p('receiptUrl'), paidAt: p('paidAt'), testPayment: p('testPayment'), paidAttemptId: sql`(select id from attempt)` },
    when: sql`exists (select 1 from attempt) and exists (select 1 from payable)`,
  },
  parts: {
    // Payable (D28, D30: pending, or quoted with a valid quote) for the amount the provider took,
    // read with the order's row locked (and read again as committed if it changed meanwhile): a
    // quote revised or expired meanwhile is not paid by an attempt made for the old one.
    before: sql`payable as (
      select o.id from ${orders} as o
      where o.id = ${p('orderId')} and o.status in ('pending', 'quoted') and (o.status = 'pending' or o.quote_valid_until > now()) and o.amount_minor = ${p('amountMinor')}
        and not exists (select 1 from ${paymentAttempts} as a where a.provider = ${p('provider')} and a.reference = ${p('reference')} and a.quote_version is not null
          and a.quote_version is distinct from (select max(q.version) from ${orderQuotes} as q where q.order_id = o.id))
      for update
    ), attempt as (
      -- Succeeded only when it pays the order. Money the order cannot take leaves the attempt open
      -- (processing) until the refusal that follows marks it refused: a process that dies in between
      -- leaves it for the reconciler, which refuses it and gives the money back.
      insert into ${paymentAttempts} (order_id, provider, method, reference, payment_ref, amount_minor, currency, status, idempotency_key, completed_at)
      values (${p('orderId')}, ${p('provider')}, ${p('method')}, ${p('reference')}, ${p('paymentRef')}, ${p('amountMinor')}, ${p('currency')},
        case when exists (select 1 from payable) then 'succeeded' else 'processing' end, ${p('idempotencyKey')}, case when exists (select 1 from payable) then now() end)
      on conflict (provider, reference) where reference is not null do update
        set status = case when exists (select 1 from payable) then 'succeeded' when ${paymentAttempts.status} = 'succeeded' then 'succeeded' else 'processing' end,
          order_id = excluded.order_id, payment_ref = excluded.payment_ref,
          failure = case when exists (select 1 from payable) then null else ${paymentAttempts.failure} end,
          completed_at = case when exists (select 1 from payable) then coalesce(${paymentAttempts.completedAt}, now()) else ${paymentAttempts.completedAt} end, updated_at = now()
        -- The provider named this order (matchesOrder): a key someone else's failed confirm tied to
        -- another order is this order's, unless it paid or was refused there.
        where ${paymentAttempts.status} <> 'refused' and (${paymentAttempts.orderId} = excluded.order_id or ${paymentAttempts.status} in ('started', 'processing', 'unknown', 'failed'))
      returning id
    )`,
    after: sql`bought as (
      delete from ${cartItems} as c using changed, ${orderLines} as l
      where l.order_id = changed.id and l.kind = 'template' and c.template_id = l.ref::int
        and (c.user_id = changed.user_id or (changed.user_id is null and c.user_id is null and c.guest_id = changed.guest_id))
      returning 1
    ), ${issuePapers(p)}`,
    answer: sql`(select id from attempt) as attempt_id`,
  },
}));

/**
 * The order's papers (issue 34), issued by the statement that pays it: its store's tax rule now
 * (the latest version staff saved, else the default), the kinds it gives (a receipt; a tax invoice
 * too where the seller is registered, but not in Korea: domain/tax/papers.ts), the tax part of the
 * amount (the net rounded half up, as domain/tax/amounts.ts) and the buyer's details. Their numbers
 * are given right after the payment commits (papers-numbering.ts). Nothing when it was not paid.
 */
function issuePapers(p: (name: 'country' | 'defaultTaxRule' | 'paperYear') => SQLWrapper) {
  const rate = sql`(tax_rule.r->>'rateBasisPoints')::bigint`;
  return sql`tax_rule as (
      select coalesce(
        (select jsonb_build_object('registered', t.registered, 'kind', t.kind, 'rateBasisPoints', t.rate_basis_points, 'registrations', t.registrations)
          from ${taxRules} as t where t.country = ${p('country')} order by t.created_at desc, t.id desc limit 1),
        ${p('defaultTaxRule')}::jsonb) as r
    ), issued as (
      insert into ${papers} (order_id, kind, country, year, currency, amount_minor, tax_minor, tax_rule, buyer, issued_at)
      select o.id, k.kind, o.country, ${p('paperYear')}::int, o.currency, o.amount_minor,
        case when (tax_rule.r->>'registered')::boolean
          then (o.amount_minor - (o.amount_minor::bigint * 20000 + (10000 + ${rate})) / ((10000 + ${rate}) * 2))::int else 0 end,
        tax_rule.r, o.business, clock_timestamp() + (k.ord - 1) * interval '1 microsecond'
      from changed join ${orders} as o on o.id = changed.id, tax_rule,
        unnest(case when (tax_rule.r->>'registered')::boolean and ${p('country')} <> 'kr' then array['receipt', 'tax_invoice'] else array['receipt'] end) with ordinality as k(kind, ord)
      returning 1
    )`;
}

export async function settle(db: Database, provider: PaymentProvider, order: OrderRow, attempt: AttemptOf, word: ProviderWord): Promise<SettleOutcome> {
  const record = { ...attemptRecord(provider, order, attempt), reference: word.reference, paymentRef: word.paymentRef };
  if (word.state === 'failed') {
    await markAttempt(db, { ...record, status: 'failed', failure: word.failure });
    throw new DomainError('PAYMENT_FAILED', { messageKey: 'payments.notCompleted', detail: `${provider.name}: ${word.failure ?? 'not paid'}` });
  }
  if (word.state === 'paid' || word.state === 'processing') {
    try {
      await assertQuoteVersion(db, order, attempt);
    } catch (error) {
      if (error instanceof DomainError) return refuse(db, provider, order, attempt, word, error);
      throw error;
    }
  }
  if (!matchesOrder(order, word)) {
    return refuse(db, provider, order, attempt, word, new DomainError('AMOUNT_MISMATCH', { detail: `${provider.name} ${word.amountMinor} ${word.currency} for ${word.orderNumber} != order ${order.amountMinor} ${order.currency}` }));
  }
  if (word.state === 'open' || word.state === 'approved') {
    // Nothing taken yet: the payer came back without paying (or a capture is still to be made).
    throw new DomainError('PAYMENT_FAILED', { messageKey: 'payments.notCompleted', detail: `${provider.name}: ${word.state}, nothing taken` });
  }
  if (word.state === 'processing') {
    // The provider already said this delayed payment failed; a session read back later still looks "processing".
    if (attempt.status === 'failed') throw new DomainError('PAYMENT_FAILED', { messageKey: 'payments.notCompleted', detail: `${provider.name}: failed before, still unpaid` });
    await markAttempt(db, { ...record, status: 'processing' });
    return { kind: 'processing', order };
  }

  const paidAt = word.paidAt ?? new Date();
  const outcome = await paidStatement.run(db, {
    orderId: order.id, provider: provider.name, method: attempt.method, reference: word.reference, paymentRef: word.paymentRef,
    amountMinor: order.amountMinor, currency: order.currency, idempotencyKey: attempt.idempotencyKey,
    note: `payment confirmed (${provider.name})`, paymentMethod: word.method, receiptUrl: word.receiptUrl, paidAt,
    // The sandbox, test keys or a provider's sandbox: no real money moved (D29 amended).
    testPayment: provider.status().test,
    country: order.country, defaultTaxRule: JSON.stringify(DEFAULT_TAX_RULES[order.country]), paperYear: paperYear(order.country),
  });
  const attemptId = (outcome.row.attempt_id as string | null) ?? null;
  if (outcome.changed) {
    // The payer's answer does not wait for the numbering: the papers are listed once numbered, within a tenth of a second.
    numberSoon(db, `papers of ${order.orderNumber}`);
    return { kind: 'paid', newlyPaid: true, order: { ...order, status: 'order_received', paymentProvider: provider.name, paymentKey: word.paymentRef, paymentMethod: word.method, receiptUrl: word.receiptUrl, paidAt, paidAttemptId: attemptId, testPayment: provider.status().test } };
  }
  // Another delivery of the same word won the race, or the order had been paid by it: the same answer.
  const now = await findOrderByNumber(db, order.orderNumber);
  if (now && attemptId && now.paidAttemptId === attemptId) return { kind: 'paid', order: now, newlyPaid: false };
  // Money for an order that stopped being payable (cancelled, expired, paid by another attempt): give it back.
  return refuse(db, provider, now ?? order, attempt, word, new DomainError('ORDER_NOT_PAYABLE', { detail: `order ${order.id} is ${now?.status ?? 'gone'}; ${provider.name} payment given back` }));
}

/**
 * Asks the provider for its word on an attempt (a confirm, a session read back, a capture). A
 * refusal there marks the attempt failed; no readable answer marks it unknown (D32) and is passed
 * on as NETWORK_ERROR, for the caller to say "being checked" (a return) or "deliver again" (a webhook).
 */
export async function askProvider(db: Database, provider: PaymentProvider, order: OrderRow, attempt: AttemptOf, reference: string, ask: 'confirm' | 'lookup' = 'confirm'): Promise<ProviderWord> {
  try {
    return await provider[ask]({ reference, orderNumber: order.orderNumber, amountMinor: order.amountMinor, currency: order.currency, idempotencyKey: attempt.idempotencyKey });
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'PAYMENT_FAILED' || error.code === 'NETWORK_ERROR')) {
      const unknown = error.code === 'NETWORK_ERROR';
      await markAttempt(db, { ...attemptRecord(provider, order, attempt), reference, status: unknown ? 'unknown' : 'failed', failure: error.message });
    }
    throw error;
  }
}

/**
 * The provider's word settled, or "being checked" when the provider could not be read: a payer's
 * return. The word is the confirm's, unless the caller reads it its own way (`read`).
 */
export async function settleReturn(db: Database, provider: PaymentProvider, order: OrderRow, attempt: AttemptOf, reference: string, read = () => askProvider(db, provider, order, attempt, reference)): Promise<SettleOutcome> {
  let word: ProviderWord;
  try {
    word = await read();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NETWORK_ERROR') return { kind: 'processing', order };
    throw error;
  }
  return settle(db, provider, order, attempt, word);
}
