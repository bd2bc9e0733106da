/**
 * Erasing a customer's data over HTTP (issue 36): the account from My Page, or one order through its
 * private link. The service erases in one transaction; after the answer, the stored objects are
 * deleted and the confirmation is mailed, once, to the address just erased (held in memory only).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contract from '../../../domain/contract/privacy.ts';
import { DomainError } from '../../../domain/errors.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { Database } from '../../db/client.ts';
import { afterResponse } from '../../http/after-response.ts';
import { customerActor } from '../../http/audit-actor.ts';
import type { Auth } from '../../http/auth.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { deleteStoredObjects } from '../../storage/storage-deletions.ts';
import { accountErasedMail } from '../accounts/account-mails.ts';
import { clearSessionCookie } from '../accounts/sessions.ts';
import { assertReauthenticated, findUserById, signInSubject } from '../accounts/users.service.ts';
import { linkedOrderOf } from '../orders/order-access.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import { eraseCustomer, type Erasure } from './erasure.service.ts';

const LIMIT = { rateLimit: { max: 10, timeWindow: '1 hour' } };

interface ErasureDeps {
  db: Database;
  auth: Auth;
  storage: FileStorage;
  links: OrderLinks;
  limits: RateLimits;
  mailer: Mailer;
  secureCookies: boolean;
}

export function registerErasureRoutes(server: FastifyInstance, deps: ErasureDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, auth, storage, links, limits, mailer, secureCookies } = deps;

  /** What follows the answer: the files go, the person is told, the address's limits are forgotten. */
  const afterErasure = (request: FastifyRequest, reply: FastifyReply, erasure: Erasure, orderNumber: string | null) => {
    afterResponse(request, reply, 'erased files', () => deleteStoredObjects(db, storage));
    afterResponse(request, reply, 'erasure confirmation', async () => {
      if (erasure.email) await mailer.send(accountErasedMail(erasure.email, erasure.name, erasure.language && orderNumber ? erasure.language : request.store.lang, orderNumber));
    });
    if (erasure.email) afterResponse(request, reply, 'erased address limits', () => limits.reset('forgotPerAddress', erasure.email.toLowerCase()));
    const { orders, cancelled, papersKept, files } = erasure;
    return { orders, cancelled, papersKept, files };
  };

  app.post('/api/account/erase', { schema: contract.eraseAccount, config: LIMIT }, async (request, reply) => {
    const session = await auth.requireSignedIn(request);
    const account = await findUserById(db, session.user.id);
    if (account.role !== 'customer') throw new DomainError('FORBIDDEN', { messageKey: 'privacy.staffCannotErase' });
    // A guessed password counts like a failed sign-in of the account from this client.
    const guessed = request.body.currentPassword !== undefined && account.passwordHash !== null;
    const attempt = guessed ? await limits.signInAttempt(signInSubject(account.email, account), request.ip) : null;
    await assertReauthenticated(account, session, request.body.currentPassword);
    await attempt?.succeeded();
    const erasure = await eraseCustomer(db, { kind: 'user', userId: account.id }, customerActor(request, 'customer', account.id));
    clearSessionCookie(reply, secureCookies);
    request.log.info({ userId: account.id }, 'account erased');
    const erased = afterErasure(request, reply, erasure, null);
    return { success: true as const, message: translatorFor(request.store.lang, 'errors')('privacy.accountErased'), erased };
  });

  app.post('/api/orders/:orderId/erase', { schema: contract.eraseOrder, config: LIMIT }, async (request, reply) => {
    const { orderId: orderNumber } = request.params;
    if (!linkedOrderOf(links, orderNumber, request.body.orderKey)) throw new DomainError('NOT_FOUND');
    const erasure = await eraseCustomer(db, { kind: 'link', orderNumber, email: request.body.email }, customerActor(request, 'linkHolder', null));
    request.log.info({ orderNumber }, 'order data erased');
    const erased = afterErasure(request, reply, erasure, orderNumber);
    return { success: true as const, message: translatorFor(request.store.lang, 'errors')('privacy.orderErased'), erased };
  });
}
