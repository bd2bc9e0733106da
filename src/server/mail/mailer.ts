/**
 * Outgoing mail: SMTP through nodemailer when SMTP_URL is set; otherwise each message is written
 * to DATA_DIR/outbox as an .eml file and announced in the log, so a store without a mail server
 * still works and its mail can be read (DESIGN "mail").
 * SMTP goes through a pool of kept-open connections: a connection per message (handshake, EHLO,
 * QUIT) was most of the 109 ms each mail took, and the pool lets a few messages travel at once.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  /** Also sent to (a business's address for its papers). */
  cc?: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The mail_outbox row it comes from. It names the message (Message-ID and X-Outbox-Id), so a
   * mail sent again after a crash is recognisably the same one, to the receiver and to our tests.
   */
  outboxId?: string;
  /** Files sent with it (a paid order's papers as PDFs). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Closes the pooled connections (at shutdown). */
  close(): void;
}

/** SMTP connections kept open, which is also how many messages can be in flight at once. */
export const SMTP_CONNECTIONS = 5;

interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  /** Development logs the message text (with its links); production only says where it went. */
  logBodies: boolean;
}

/**
 * nodemailer is loaded with the first message, not at start (issue 17): a store process may send
 * no mail for hours, and the mail worker sends after the answer, so no customer waits for it.
 */
let nodemailerModule: Promise<typeof import('nodemailer')> | undefined;
const loadNodemailer = () => (nodemailerModule ??= import('nodemailer'));

export function createMailer(options: MailerOptions, log: FastifyBaseLogger): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    let transport: Promise<Transporter> | undefined;
    let closed = false;
    const smtp = () => (transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      // A connection is renewed after this many messages, as servers limit them per session.
      maxMessages: 100,
      // nodemailer waits up to 10 minutes for a silent server; the worker's claim on a mail is
      // renewed meanwhile, so a hung server would hold it that long. A minute is plenty.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    })));
    return {
      kind: 'smtp',
      async send(message) {
        if (closed) throw new Error('the mailer is closed');
        await (await smtp()).sendMail(envelope(options.from, message));
        log.info({ to: message.to, subject: message.subject, mailId: message.outboxId }, 'mail sent');
      },
      close: () => {
        closed = true;
        void transport?.then((pool) => pool.close());
      },
    };
  }
  let transport: Promise<Transporter> | undefined;
  const writer = () => (transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })));
  let folder: Promise<unknown> | undefined;
  return {
    kind: 'outbox',
    async send(message) {
      const info = await (await writer()).sendMail(envelope(options.from, message));
      await (folder ??= fs.mkdir(options.outboxDir, { recursive: true }));
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file, ...(options.logBodies ? { text: message.text } : {}) }, 'mail written to the outbox (no SMTP_URL)');
    },
    close: () => {},
  };
}

function envelope(from: string, { outboxId, ...message }: MailMessage) {
  if (!outboxId) return { from, ...message };
  const domain = /@([^\s>]+)/.exec(from)?.[1] ?? 'localhost';
  return { from, ...message, messageId: `<${outboxId}@${domain}>`, headers: { 'X-Outbox-Id': outboxId } };
}
