/**
 * An SMTP server on loopback that counts rather than keeps: the X-Outbox-Id of every message it
 * accepted (a repeat is a mail sent twice), the connections it was opened, and how many messages
 * were in flight at once. It can stop answering after a number of messages, as a server that
 * hangs, or a process that dies mid-batch, would look to the sender. Used by the mail worker's
 * tests and by `npm run bench:mail`.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  url: string;
  /** The X-Outbox-Id of each accepted message, in the order they were accepted. */
  accepted: string[];
  /** How many times each id was accepted. */
  counts: Map<string, number>;
  /** Connections opened so far. */
  connections(): number;
  /** The most messages that were being received at the same moment. */
  mostAtOnce(): number;
  /** Accept `count` more messages, then leave every later one without an answer. */
  hangAfter(count: number): void;
  /** Messages left without an answer so far. */
  held(): number;
  /** Answers the held messages with a temporary failure, and accepts again. */
  release(): void;
  /** Resolves once `count` messages were accepted in all; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const OUTBOX_ID = /^X-Outbox-Id:\s*(\S+)/im;

export async function startSmtpSink(onAccepted?: (id: string) => void): Promise<SmtpSink> {
  const accepted: string[] = [];
  const counts = new Map<string, number>();
  let connections = 0;
  let inFlight = 0;
  let mostAtOnce = 0;
  let limit = Infinity;
  let held: Array<(error: Error) => void> = [];
  let waiters: Array<() => void> = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Kept-open (pooled) connections must not hold the test's shutdown for long.
    closeTimeout: 100,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, _session, callback) {
      inFlight++;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (accepted.length >= limit) {
          held.push((error) => {
            inFlight--;
            callback(error);
          });
          return;
        }
        // The headers are all that is read: a light sink leaves the machine to the sender.
        const raw = Buffer.concat(chunks).toString('latin1');
        const headerEnd = raw.indexOf('\r\n\r\n');
        const id = OUTBOX_ID.exec(headerEnd === -1 ? raw : raw.slice(0, headerEnd))?.[1] ?? '(none)';
        accepted.push(id);
        counts.set(id, (counts.get(id) ?? 0) + 1);
        inFlight--;
        callback();
        onAccepted?.(id);
        const ready = waiters;
        waiters = [];
        for (const wake of ready) wake();
      });
    },
  });
  // A sender that dies mid-message (kill -9) resets its connection: expected here, not a failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  const release = () => {
    limit = Infinity;
    const waiting = held;
    held = [];
    for (const answer of waiting) answer(Object.assign(new Error('try again later'), { responseCode: 451 }));
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    counts,
    connections: () => connections,
    mostAtOnce: () => mostAtOnce,
    hangAfter: (count) => {
      limit = accepted.length + count;
    },
    held: () => held.length,
    release,
    waitFor: async (count, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (accepted.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the SMTP sink accepted ${accepted.length} messages, expected ${count}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    stop: async () => {
      release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
