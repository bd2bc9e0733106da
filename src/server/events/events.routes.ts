/**
 * GET /api/events (D34, issue 35): a Server-Sent Events stream per tab. The caller is decided once,
 * as every order route decides it (a session, a guest's id, a private link), and each event is
 * checked against the order-access table (event-hub.ts). The answer is written by hand (the
 * stream never ends), with the headers every answer gets; it is not compressed (a proxy would hold
 * it back), and a heartbeat keeps it open. A signed-in stream ends when its session does.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { liveEvents } from '../../domain/contract/conversation.ts';
import { DomainError } from '../../domain/errors.ts';
import { requestAccessor } from '../http/accessor.ts';
import type { Auth } from '../http/auth.ts';
import type { OrderLinks } from '../features/orders/order-links.ts';
import { HEARTBEAT_MS, type EventHub, type OrderEvent, type Stream } from './event-hub.ts';

/** A stream whose reader does not keep up (this much unsent) is closed; the browser reconnects and replays. */
const MAX_BUFFERED = 256 * 1024;

/** `maxStreams`: more on this instance are refused (429 with Retry-After: another instance, or later). */
export function registerEventRoutes(server: FastifyInstance, deps: { auth: Auth; links: OrderLinks; hub: EventHub; maxStreams: number; heartbeatMs?: number }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { auth, links, hub } = deps;
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;

  app.get('/api/events', {
    schema: liveEvents,
    // HEAD would open a stream that never ends; the stream is not compressed (proxies would buffer it).
    exposeHeadRoute: false,
    config: { compress: false, rateLimit: { max: 60, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    const { sessionId, order, key, lastEventId } = request.query;
    const accessor = await requestAccessor(auth, links, request, { guestId: sessionId, orderNumber: order, orderKey: key });
    if (hub.size() >= deps.maxStreams) throw new DomainError('TOO_MANY_REQUESTS', { retryAfterMs: 5000, detail: 'too many event streams on this instance' });
    const resumeFrom = request.headers['last-event-id'] ?? lastEventId;
    await openStream(request, reply, accessor, resumeFrom === undefined ? undefined : Number(resumeFrom));
  });

  /**
   * Joins the hub first and only then reads where the stream starts, holding back what the hub sends
   * meanwhile: an event committed between the two is neither lost nor (thanks to the replay's
   * places) sent twice. A new stream is told its place at once (`event: ready` with an id), so even
   * a browser that heard nothing before a drop resumes from there.
   */
  async function openStream(request: FastifyRequest, reply: FastifyReply, accessor: Stream['accessor'], resumeFrom: number | undefined) {
    const staff = accessor.user?.role === 'admin';
    let held: OrderEvent[] | null = [];
    let endedEarly: { reason: string; retryMs?: number } | null = null;
    let closed = false;
    let beats = 0;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let leave = () => {};
    const cleanup = () => {
      clearInterval(heartbeat);
      leave();
    };
    const raw = reply.raw;

    const write = (text: string) => {
      if (closed) return;
      raw.write(text);
      if (raw.writableLength > MAX_BUFFERED) stream.end('slow');
    };
    const frame = (event: OrderEvent) => {
      const data = staff ? { order: event.orderNumber, id: event.orderId, seq: event.seq } : { order: event.orderNumber, seq: event.seq };
      return `id: ${event.seq}\nevent: message\ndata: ${JSON.stringify(data)}\n\n`;
    };
    const stream: Stream = {
      accessor,
      send(event) {
        if (held) held.push(event);
        else write(frame(event));
      },
      end(reason, retryMs) {
        if (held) { endedEarly = { reason, ...(retryMs ? { retryMs } : {}) }; return; }
        if (closed) return;
        write(`${retryMs ? `retry: ${retryMs}\n` : ''}event: bye\ndata: ${JSON.stringify({ reason })}\n\n`);
        closed = true;
        cleanup();
        raw.end();
      },
    };
    leave = hub.open(stream);
    // A browser gone while the start is read leaves the hub at once.
    raw.on('close', () => {
      closed = true;
      cleanup();
    });
    let start: { position: number } | { missed: OrderEvent[] | null };
    try {
      start = resumeFrom === undefined ? { position: await hub.lastSeq() } : { missed: await hub.missed(accessor, resumeFrom) };
    } catch (error) {
      cleanup();
      throw error;
    }

    const headers = { ...reply.getHeaders(), 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no', connection: 'keep-alive' };
    reply.hijack();
    raw.writeHead(200, headers as Record<string, string>);
    request.raw.socket.setTimeout(0);
    request.raw.socket.setNoDelay(true);
    write(`retry: 3000\n\n`);
    const sent = new Set<number>();
    if ('position' in start) write(`id: ${start.position}\nevent: ready\ndata: {}\n\n`);
    else if (start.missed === null) write('event: reset\ndata: {}\n\n');
    else for (const event of start.missed) { sent.add(event.seq); write(frame(event)); }
    const waiting = held;
    held = null;
    for (const event of waiting) if (!sent.has(event.seq)) write(frame(event));
    if (closed) return;
    // Shutdown came while the stream was being opened: it ends now, with its retry hint.
    const early = endedEarly as { reason: string; retryMs?: number } | null;
    if (early) return stream.end(early.reason, early.retryMs);

    heartbeat = setInterval(() => {
      write(': hb\n\n');
      beats += 1;
      // Every third beat a signed-in stream checks its session: signed out or demoted, it ends.
      if (accessor.user && beats % 3 === 0) {
        void auth.currentUserNow(request).then((user) => {
          if (!user || user.role !== accessor.user!.role) stream.end('signed-out');
        }, () => {});
      }
    }, heartbeatMs);
  }
}
