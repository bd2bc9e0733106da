/**
 * A fake Toss Payments API on loopback that answers as Toss's API reference says: Basic auth of
 * the secret key, Idempotency-Key replays the first answer, Payment objects for DONE and CANCELED,
 * `{ code, message }` errors with Toss's statuses. The payment key picks the behaviour:
 *   reject…    403 REJECT_CARD_PAYMENT        provider…  400 PROVIDER_ERROR
 *   expired…   404 NOT_FOUND_PAYMENT_SESSION  boom…      500 FAILED_INTERNAL_SYSTEM_PROCESSING
 *   slow…      no answer until the test ends  cheap…     DONE for 1,000 less than asked
 *   already…   400 ALREADY_PROCESSED_PAYMENT (and GET shows the payment DONE)
 *   garbled…   DONE, its answer cut short (not JSON)   busy…  400 ALREADY_PROCESSING_REQUEST
 *   transfer… DONE, paid by bank transfer (계좌이체), so a cash receipt may be asked for
 *   anything else: DONE for the amount asked.
 * POST /v1/cash-receipts issues a CashReceipt (COMPLETED, a 9-digit issue number); a
 * customerIdentityNumber ending in 0000 is refused (400 INVALID_CASH_RECEIPT_INFO), and
 * `cashReceiptsDown(n)` answers the next n with 500; POST /v1/cash-receipts/{receiptKey}/cancel
 * cancels an amount of one it issued.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_TOSS_SECRET = 'test_gsk_fake_0123456789';
export const FAKE_TOSS_CLIENT = 'test_gck_fake_0123456789';

export interface TossCall {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

interface Stored {
  status: number;
  body: unknown;
  /** Sent as it is instead of the body as JSON (an answer cut short). */
  raw?: string;
}

export async function startFakeToss() {
  const calls: TossCall[] = [];
  const payments = new Map<string, Record<string, unknown>>();
  const replies = new Map<string, Stored>();
  const hanging: ServerResponse[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${FAKE_TOSS_SECRET}:`).toString('base64')}`;

  const payment = (paymentKey: string, orderId: string, totalAmount: number, status = 'DONE') => ({
    mId: 'tvivarepublica', version: '2022-11-16', paymentKey, orderId, orderName: 'test', status, type: 'NORMAL',
    method: paymentKey.startsWith('transfer') ? '계좌이체' : '카드', currency: 'KRW', totalAmount, balanceAmount: status === 'CANCELED' ? 0 : totalAmount,
    // Approved now, as Toss answers a confirm: the refund windows (D21) count from it.
    requestedAt: new Date(Date.now() - 5000).toISOString(), approvedAt: new Date().toISOString(),
    receipt: { url: `https://dashboard.tosspayments.com/receipt/redirection?transactionId=${paymentKey}` },
    card: { number: '43301234****123*', cardType: '신용', ownerType: '개인' }, cancels: null,
  });
  const error = (status: number, code: string, message: string): Stored => ({ status, body: { code, message } });

  function confirm(body: Record<string, unknown>): Stored | null {
    const paymentKey = String(body.paymentKey ?? '');
    const orderId = String(body.orderId ?? '');
    const amount = Number(body.amount);
    if (!paymentKey || !orderId || !Number.isInteger(amount)) return error(400, 'INVALID_REQUEST', '잘못된 요청입니다.');
    // Toss's rule for orderId: 6-64 characters of letters, digits, - and _.
    if (!/^[A-Za-z0-9_-]{6,64}$/.test(orderId)) return error(400, 'INVALID_REQUEST', '잘못된 요청입니다.');
    if (paymentKey.startsWith('reject')) return error(403, 'REJECT_CARD_PAYMENT', '한도초과 혹은 잔액부족으로 결제에 실패했습니다.');
    if (paymentKey.startsWith('provider')) return error(400, 'PROVIDER_ERROR', '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.');
    if (paymentKey.startsWith('expired')) return error(404, 'NOT_FOUND_PAYMENT_SESSION', '결제 시간이 만료되어 결제 진행 데이터가 존재하지 않습니다.');
    if (paymentKey.startsWith('boom')) return error(500, 'FAILED_INTERNAL_SYSTEM_PROCESSING', '내부 시스템 처리 작업이 실패했습니다. 잠시 후 다시 시도해주세요.');
    if (paymentKey.startsWith('slow')) return null;
    if (paymentKey.startsWith('busy')) return error(400, 'ALREADY_PROCESSING_REQUEST', '진행중인 승인 요청입니다. 잠시 후 다시 시도해주세요.');
    if (paymentKey.startsWith('garbled')) {
      const approved = payment(paymentKey, orderId, amount);
      payments.set(paymentKey, approved);
      return { status: 200, body: null, raw: JSON.stringify(approved).slice(0, 40) };
    }
    if (paymentKey.startsWith('already')) {
      payments.set(paymentKey, payment(paymentKey, orderId, amount));
      return error(400, 'ALREADY_PROCESSED_PAYMENT', '이미 처리된 결제 입니다.');
    }
    if (payments.has(paymentKey)) return error(400, 'ALREADY_PROCESSED_PAYMENT', '이미 처리된 결제 입니다.');
    const approved = payment(paymentKey, orderId, paymentKey.startsWith('cheap') ? amount - 1000 : amount);
    payments.set(paymentKey, approved);
    return { status: 200, body: approved };
  }

  function cancel(paymentKey: string, body: Record<string, unknown>): Stored {
    const found = payments.get(paymentKey);
    if (!found) return error(404, 'NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.');
    if (found.status === 'CANCELED') return error(400, 'ALREADY_CANCELED_PAYMENT', '이미 취소된 결제 입니다.');
    // A cancelAmount below the balance is a partial cancel, as Toss does it.
    const balance = found.balanceAmount as number;
    const amount = typeof body.cancelAmount === 'number' ? body.cancelAmount : balance;
    if (amount > balance) return error(400, 'NOT_CANCELABLE_AMOUNT', '취소 할 수 없는 금액 입니다.');
    const canceled = { ...found, status: amount === balance ? 'CANCELED' : 'PARTIAL_CANCELED', balanceAmount: balance - amount, cancels: [{ cancelAmount: amount, cancelReason: body.cancelReason, canceledAt: '2026-11-22T10:01:00+09:00', transactionKey: `tx-${paymentKey}` }] };
    payments.set(paymentKey, canceled);
    return { status: 200, body: canceled };
  }

  let cashReceiptsFailing = 0;
  let cashReceiptCount = 0;
  function cashReceipt(body: Record<string, unknown>): Stored {
    if (cashReceiptsFailing > 0) {
      cashReceiptsFailing--;
      return error(500, 'FAILED_INTERNAL_SYSTEM_PROCESSING', '내부 시스템 처리 작업이 실패했습니다. 잠시 후 다시 시도해주세요.');
    }
    const identity = String(body.customerIdentityNumber ?? '');
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0 || !/^[A-Za-z0-9_-]{6,64}$/.test(String(body.orderId ?? '')) || !['소득공제', '지출증빙'].includes(String(body.type)) || !/^\d{10,11}$/.test(identity)) {
      return error(400, 'INVALID_REQUEST', '잘못된 요청입니다.');
    }
    if (identity.endsWith('0000')) return error(400, 'INVALID_CASH_RECEIPT_INFO', '현금영수증 발급 정보가 올바르지 않습니다.');
    cashReceiptCount++;
    const receiptKey = `cr_${String(cashReceiptCount).padStart(6, '0')}`;
    return {
      status: 200,
      body: {
        receiptKey, issueNumber: String(100000000 + cashReceiptCount), issueStatus: 'COMPLETED', amount, taxFreeAmount: 0,
        orderId: body.orderId, orderName: body.orderName, type: body.type, transactionType: 'CONFIRM', businessNumber: '2148812345',
        customerIdentityNumber: `${identity.slice(0, 3)}****${identity.slice(-4)}`, requestedAt: new Date().toISOString(),
        receiptUrl: `https://dashboard.tosspayments.com/receipt/cash-receipt?receiptKey=${receiptKey}`,
      },
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>) : {};
    } catch {
      body = {};
    }
    const path = request.url ?? '';
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    calls.push({ method: request.method ?? '', path, idempotencyKey, body });
    const send = ({ status, body: out, raw }: Stored) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(raw ?? JSON.stringify(out));
    };
    if (request.headers.authorization !== expectedAuth) return send(error(401, 'UNAUTHORIZED_KEY', '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.'));
    const replayKey = idempotencyKey ? `${request.method} ${path} ${idempotencyKey}` : null;
    if (replayKey && replies.has(replayKey)) return send(replies.get(replayKey)!);

    let result: Stored | null;
    const cancelMatch = /^\/v1\/payments\/([^/]+)\/cancel$/.exec(path);
    const getMatch = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (request.method === 'POST' && path === '/v1/payments/confirm') result = confirm(body);
    else if (request.method === 'POST' && path === '/v1/cash-receipts') result = cashReceipt(body);
    else if (request.method === 'POST' && /^\/v1\/cash-receipts\/[^/]+\/cancel$/.test(path)) {
      const receiptKey = decodeURIComponent(path.split('/')[3]!);
      result = /^cr_\d{6}$/.test(receiptKey) && Number.isInteger(body.amount) && Number(body.amount) > 0
        ? { status: 200, body: { receiptKey, issueStatus: 'COMPLETED', transactionType: 'CANCEL', amount: body.amount, requestedAt: new Date().toISOString() } }
        : error(404, 'NOT_FOUND_CASH_RECEIPT', '존재하지 않는 현금영수증입니다.');
    }
    else if (request.method === 'POST' && cancelMatch) result = cancel(decodeURIComponent(cancelMatch[1]!), body);
    else if (request.method === 'GET' && getMatch) {
      const found = payments.get(decodeURIComponent(getMatch[1]!));
      result = found ? { status: 200, body: found } : error(404, 'NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.');
    } else result = error(404, 'NOT_FOUND', 'Not found');
    if (result === null) {
      hanging.push(response);
      return;
    }
    // A 5xx did no work to replay (a gateway's or a crash's answer): the same key is processed anew.
    if (replayKey && result.status < 500) replies.set(replayKey, result);
    send(result);
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    confirms: () => calls.filter((c) => c.path === '/v1/payments/confirm'),
    cancels: () => calls.filter((c) => c.path.endsWith('/cancel')),
    cashReceipts: () => calls.filter((c) => c.path === '/v1/cash-receipts'),
    cashReceiptCancels: () => calls.filter((c) => /^\/v1\/cash-receipts\/[^/]+\/cancel$/.test(c.path)),
    /** The next `count` cash receipts answer 500, as a provider that is down. */
    cashReceiptsDown: (count: number) => { cashReceiptsFailing = count; },
    stop: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
