/**
 * One SMTP peer on loopback for the whole browser run (the store's SMTP_URL points at it): every
 * mail it receives is written as a JSON file, so tests in any worker read what was sent to their
 * own visitor, the way a mail catcher shows a team the mails of a staging server.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { startSmtpServer, type ReceivedMail } from '../integration/support/peers.ts';

export const MAIL_DIR_ENV = 'E2E_MAIL_DIR';

export async function startMailCatcher(port: number, dir: string): Promise<() => Promise<void>> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const smtp = await startSmtpServer(port, (mail) => {
    fs.writeFileSync(path.join(dir, `${Date.now()}-${randomUUID()}.json`), JSON.stringify(mail));
  });
  return async () => {
    await smtp.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

/** Every mail caught so far for this address, oldest first. */
export function mailsTo(address: string): ReceivedMail[] {
  const dir = process.env[MAIL_DIR_ENV];
  if (!dir) throw new Error(`${MAIL_DIR_ENV} is not set: the mail catcher starts in the browser tests' global setup`);
  return fs.readdirSync(dir).sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as ReceivedMail)
    .filter((mail) => mail.to.includes(address));
}

/** Waits until a mail to `address` whose subject matches arrives (the outbox sends in the background), and returns it. */
export async function mailTo(address: string, subject: RegExp | string): Promise<ReceivedMail> {
  const matches = (mail: ReceivedMail) => (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject));
  await expect.poll(() => mailsTo(address).map((mail) => mail.subject), { message: `a mail to ${address} about ${String(subject)}`, timeout: 15_000 })
    .toContainEqual(expect.stringMatching(typeof subject === 'string' ? `^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : subject));
  return mailsTo(address).find(matches)!;
}
