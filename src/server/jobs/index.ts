/** The store's scheduled jobs and how often they run (each also runs once when the server is ready). */
import { purgeUnclaimedUploads } from '../features/uploads/purge-unclaimed.ts';
import { deleteStoredObjects } from '../storage/storage-deletions.ts';
import { queueUnreadMessageMails } from '../features/conversation/conversation-mail.ts';
import type { FileStorage } from '../storage/index.ts';
import { expireUnpaidOrders } from './expire-unpaid-orders.ts';
import { expireQuotes } from '../features/quotes/quotes.service.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from './scheduler.ts';
import type { PaymentsService } from '../features/payments/payments.service.ts';
import { numberPapers } from '../features/payments/papers-numbering.ts';
import { queueCashReceiptCancels, retryCashReceipts, sendCashReceiptCancels } from '../features/papers/korean-evidence.service.ts';

export function storeJobs(deps: { storage: FileStorage; payments: PaymentsService; reconcileIntervalMs: number; messageMailDelayMs: number; mailQueued: () => void; log: FastifyBaseLogger }): Job[] {
  return [
    // A file is a day old before it goes: a quarter of an hour more or less does not matter.
    { name: 'purge-unclaimed-uploads', intervalMs: 15 * 60_000, run: (db) => purgeUnclaimedUploads(db, deps.storage) },
    // Files an erasure let go are deleted right after it; this pass finishes what a crash left.
    { name: 'delete-stored-objects', intervalMs: 60_000, run: (db) => deleteStoredObjects(db, deps.storage) },
    { name: 'expire-unpaid-orders', intervalMs: 10 * 60_000, run: (db) => expireUnpaidOrders(db, { settleOpenAttempts: deps.payments.settleOpenAttempts }) },
    // Money follows the provider's word, reached eventually (D32): open attempts and refunds asked about again.
    { name: 'reconcile-payments', intervalMs: deps.reconcileIntervalMs, run: () => deps.payments.reconcile() },
    // Quotes are valid to the end of a day in Korea time (D28); an hourly pass tells staff within the hour.
    { name: 'expire-quotes', intervalMs: 60 * 60_000, run: (db) => expireQuotes(db) },
    // Papers a process left unnumbered (it died between a payment and its numbering) get their numbers within the minute.
    { name: 'number-papers', intervalMs: 60_000, run: (db) => numberPapers(db) },
    // A conversation's text not read within the delay is mailed to its reader, one mail gathering
    // what came meanwhile (D34); a pass every fifth of the delay (at most a minute, at least a
    // second) keeps that within a fifth of it.
    {
      name: 'mail-unread-messages', intervalMs: Math.min(60_000, Math.max(1000, Math.round(deps.messageMailDelayMs / 5))), run: async (db) => {
        const queued = await queueUnreadMessageMails(db, deps.messageMailDelayMs);
        if (queued > 0) deps.mailQueued();
        return queued;
      },
    },
    // Cash receipts the provider did not answer are asked again under the same key ("unknown" is not
    // "refused"); refunds cancel their part of an issued receipt.
    {
      name: 'cash-receipts', intervalMs: 60_000, run: async (db) => {
        const log = (error: unknown) => deps.log.warn({ err: error }, 'cash receipt: the provider did not answer; asked again later');
        const issued = await retryCashReceipts(db, deps.payments.providerNamed, log);
        await queueCashReceiptCancels(db);
        return issued + await sendCashReceiptCancels(db, deps.payments.providerNamed, log);
      },
    },
  ];
}
