/**
 * The reference for `npm run bench:orders` (issue 17): a bare Fastify + postgres.js server that
 * answers the benchmark's two calls with the same work per order as the store and nothing else:
 * no validation library, rate limits, hooks, i18n, session lookup or ORM.
 *
 * - POST /api/orders (a guest's service order): priced by the domain's own function, numbered as
 *   the store numbers them, and written by the store's statement (the order, its lines, its first
 *   history row and its mails in one statement of data-modifying CTEs).
 * - POST /api/confirm (Toss's widget came back): the order read by its number (the store's whole
 *   row), the amount checked, Toss asked to confirm (undici, Basic auth, the store's idempotency key
 *   `confirm:{order id}:{hash of the payment key}`), and the order paid by the store's statement
 *   (the attempt, the `paid` transition with its history row and mails, the cart's bought lines).
 *
 * The statements are the texts the store sends (logged through openDatabase's onQuery), as
 * prepared statements like the store's (decision 0014). Keep them in step with
 * src/server/features/orders/orders.service.ts `createOrder` and payments/settle.service.ts
 * `settle`: the benchmark compares the store with this server, so they must do the same SQL.
 *
 * It does not run the store's mail worker: the mails are queued (the rows above) and left unsent.
 * Run by scripts/bench/orders.ts in its own process, on its own database (the same migrations), with
 * node's flags and malloc settings of `npm run serve`: PORT, DATABASE_URL, TOSS_API_BASE, TOSS_SECRET_KEY
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import postgres from 'postgres';
import { findService } from '../../src/domain/catalog/services.ts';
import { newOrderNumber } from '../../src/domain/order-number.ts';
import { priceOrder } from '../../src/domain/orders.ts';
import { requestJson } from '../../src/server/features/payments/providers/deadline.ts';

const port = Number(process.env.PORT);
const tossBase = process.env.TOSS_API_BASE!;
const authorization = `Basic ${Buffer.from(`${process.env.TOSS_SECRET_KEY}:`).toString('base64')}`;
// The store's pool: ten connections, every query a prepared statement.
const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });

const app = Fastify({ logger: false });

interface OrderBody {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  serviceId: number;
  quantity: number;
  sessionId: string;
}

const badRequest = (reply: import('fastify').FastifyReply, message: string) => reply.status(400).send({ success: false, error: message });

app.post('/api/orders', async (req, reply) => {
  const body = req.body as Partial<OrderBody> | null;
  if (!body || typeof body.customerName !== 'string' || typeof body.customerEmail !== 'string' || typeof body.sessionId !== 'string'
    || !Number.isInteger(body.serviceId) || !Number.isInteger(body.quantity)) return badRequest(reply, 'invalid order');
  const service = findService(body.serviceId!);
  if (!service) return badRequest(reply, 'unknown service');
  const priced = priceOrder([{ kind: 'service', serviceId: body.serviceId!, quantity: body.quantity! }], 'kr');
  const lines = priced.lines.map((line, position) => ({
    position, kind: line.kind, ref: line.ref, name: service.slug,
    quantity: line.quantity, unit_price_krw: line.unitPriceKrw, total_krw: line.totalKrw,
  }));
  const orderName = `${service.slug} x ${body.quantity}`;
  for (let attempt = 1; attempt <= 8; attempt++) {
    const orderNumber = newOrderNumber();
    const [row] = await sql<Array<{ id: string; line_count: number }>>`
    with new_order as (
      insert into "orders" (order_number, user_id, guest_id, is_guest_order, customer_name, customer_email, customer_phone,
        customer_address, requirements, order_type, order_name, country, currency, language, amount_krw, amount_minor, status,
        idempotency_key, request_fingerprint)
      values (${orderNumber}, ${null}, ${body.sessionId}, ${true}, ${body.customerName}, ${body.customerEmail},
        ${body.customerPhone ?? null}, ${null}, ${null}, ${'service'}, ${orderName},
        ${'kr'}, ${priced.currency}, ${'ko'}, ${priced.totalKrw}, ${priced.amountMinor}, ${'pending'},
        ${null}, ${null})
      on conflict (order_number) do nothing
      returning id
    ), new_lines as (
      insert into "order_lines" (order_id, position, kind, ref, name, quantity, unit_price_krw, total_krw)
      select new_order.id, l.position, l.kind, l.ref, l.name, l.quantity, l.unit_price_krw, l.total_krw
      from new_order, jsonb_to_recordset(${sql.json(lines)}::jsonb)
        as l(position int, kind text, ref text, name text, quantity int, unit_price_krw int, total_krw int)
      returning 1
    ), first_status as (
      insert into "order_status_history" (order_id, from_status, to_status, actor, actor_user_id, note)
      select id, null, ${'pending'}, 'customer', ${null}, ${'order created'} from new_order
      returning 1
    ), mails as (
      insert into "mail_outbox" (kind, order_id, payload)
      select k.kind, new_order.id, jsonb_build_object('to', ${'pending'}::text) from new_order, jsonb_array_elements_text(${sql.json([])}::jsonb) as k(kind)
      returning 1
    )
    select id, (select count(*) from new_lines)::int as line_count from new_order, first_status`;
    if (!row) continue;
    return reply.status(201).send({
      success: true, id: row.id, orderId: orderNumber, amount: priced.amountMinor, currency: priced.currency,
      orderName, status: 'pending', providers: ['tosspayments'], message: 'order created',
    });
  }
  throw new Error('no free order number');
});

interface TossPayment {
  paymentKey: string;
  orderId: string;
  status: string;
  totalAmount: number;
  method?: string | null;
  approvedAt?: string | null;
  receipt?: { url?: string | null } | null;
}

app.post('/api/confirm', async (req, reply) => {
  const body = req.body as { orderId?: unknown; amount?: unknown; paymentKey?: unknown; sessionId?: unknown } | null;
  if (!body || typeof body.orderId !== 'string' || typeof body.paymentKey !== 'string' || typeof body.amount !== 'number') return badRequest(reply, 'invalid confirm');
  const [order] = await sql`select "id", "order_number", "user_id", "guest_id", "is_guest_order", "customer_name", "customer_email", "customer_phone", "customer_address", "requirements", "order_type", "order_name", "country", "currency", "language", "amount_krw", "amount_minor", "status", "payment_provider", "payment_key", "paid_attempt_id", "payment_method", "receipt_url", "paid_at", "draft_delivered_at", "revisions_used", "cancel_requested_at", "quote_valid_until", "admin_comments", "idempotency_key", "request_fingerprint", "created_at", "updated_at" from "orders" where "orders"."order_number" = ${body.orderId} limit ${1}`;
  // Only the payer's return is acted on (issue 32): here, the guest id that placed the order.
  if (!order || order.user_id !== null || order.guest_id !== body.sessionId) return reply.status(404).send({ success: false, error: 'not found' });
  if (order.status !== 'pending' || body.amount !== order.amount_minor) return badRequest(reply, 'not payable for this amount');

  const idempotencyKey = `confirm:${order.id}:${createHash('sha256').update(body.paymentKey).digest('base64url').slice(0, 32)}`;
  // undici with a deadline cleared when the call ends, as the store's providers call (decision 0033).
  const answer = await requestJson(`${tossBase}/v1/payments/confirm`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify({ paymentKey: body.paymentKey, orderId: order.order_number, amount: order.amount_minor }),
  }, 10_000);
  const payment = (answer.body ?? {}) as TossPayment;
  if (answer.status !== 200 || payment.status !== 'DONE' || payment.totalAmount !== order.amount_minor || payment.orderId !== order.order_number) {
    return reply.status(400).send({ success: false, error: 'payment failed' });
  }
  const paidAt = (payment.approvedAt ? new Date(payment.approvedAt) : new Date()).toISOString();
  const [row] = await sql<Array<{ status: string; changed: number; attempt_id: string | null }>>`
    with attempt as (
      insert into "payment_attempts" (order_id, provider, method, reference, payment_ref, amount_minor, currency, status, idempotency_key, completed_at)
      values (${order.id}, ${'toss'}, ${'tosspayments'}, ${payment.paymentKey}, ${payment.paymentKey}, ${order.amount_minor}, ${order.currency}, 'succeeded', ${idempotencyKey}, now())
      on conflict (provider, reference) where reference is not null do update
        set status = 'succeeded', order_id = excluded.order_id, payment_ref = excluded.payment_ref, failure = null, completed_at = coalesce("payment_attempts"."completed_at", now()), updated_at = now()
        where "payment_attempts"."status" <> 'refused' and ("payment_attempts"."order_id" = excluded.order_id or "payment_attempts"."status" in ('started', 'processing', 'unknown', 'failed'))
      returning id
    ), prev as (
      select id, status from "orders" where id = ${order.id} for update
    ), changed as (
      update "orders" as o set status = ${'order_received'}, updated_at = now(), "payment_provider" = ${'toss'}, "payment_key" = ${payment.paymentKey}, "payment_method" = ${payment.method ?? null}, "receipt_url" = ${payment.receipt?.url ?? null}, "paid_at" = ${paidAt}, "test_payment" = ${true}, "paid_attempt_id" = (select id from attempt)
      from prev where o.id = prev.id and prev.status in (${'pending'}, ${'quoted'}) and (exists (select 1 from attempt) and (o.status = 'pending' or o.quote_valid_until > now()) and o.amount_minor = ${order.amount_minor}
        and not exists (select 1 from "payment_attempts" as a where a.provider = ${'toss'} and a.reference = ${payment.paymentKey} and a.quote_version is not null
          and a.quote_version is distinct from (select max(q.version) from "order_quotes" as q where q.order_id = o.id)))
      returning o.id, prev.status as from_status, o.user_id, o.guest_id
    ), history as (
      insert into "order_status_history" (order_id, from_status, to_status, actor, actor_user_id, note, created_at)
      select id, from_status, ${'order_received'}, ${'provider'}, ${null}, ${'payment confirmed (toss)'}, clock_timestamp() from changed
      returning 1
    ), mail as (
      insert into "mail_outbox" (kind, order_id, payload)
      select k.kind, changed.id, ${sql.json({})}::jsonb || jsonb_build_object('from', changed.from_status, 'to', ${'order_received'}::text)
      from changed, jsonb_array_elements_text(${sql.json(['order_paid', 'staff_order'])}::jsonb) as k(kind)
      returning 1
    ), bought as (
      delete from "cart_items" as c using changed, "order_lines" as l
      where l.order_id = changed.id and l.kind = 'template' and c.template_id = l.ref::int
        and (c.user_id = changed.user_id or (changed.user_id is null and c.user_id is null and c.guest_id = changed.guest_id))
      returning 1
    )
    select prev.status as status, (select count(*) from changed)::int as changed, (select id from attempt) as attempt_id from prev`;
  if (!row || row.changed !== 1) return reply.status(409).send({ success: false, error: 'not paid' });
  return reply.status(200).send({ success: true, orderId: order.order_number, status: 'order_received', amount: order.amount_minor, currency: order.currency });
});

// The benchmark waits for this, as it does for the store's.
app.get('/robots.txt', async (_req, reply) => reply.type('text/plain').send('User-agent: *\n'));

const shutdown = async () => {
  await app.close();
  await sql.end({ timeout: 5 });
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
await app.listen({ port, host: '127.0.0.1' });
