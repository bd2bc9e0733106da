/**
 * Outgoing mail: SMTP through nodemailer when SMTP_URL is set; otherwise each message is written
 * to DATA_DIR/outbox as an .eml file and announced in the log, so a store without a mail server
 * still works and its mail can be read (DESIGN "mail").
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  /** Development logs the message text (with its links); production only says where it went. */
  logBodies: boolean;
}

export function createMailer(options: MailerOptions, log: FastifyBaseLogger): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let folder: Promise<unknown> | undefined;
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await (folder ??= fs.mkdir(options.outboxDir, { recursive: true }));
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file, ...(options.logBodies ? { text: message.text } : {}) }, 'mail written to the outbox (no SMTP_URL)');
    },
  };
}
