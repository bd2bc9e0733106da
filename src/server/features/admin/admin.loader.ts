/**
 * What the staff page's loader reads (web/features/admin/admin-page.tsx), bound to this process's
 * database and handed to it through the request context. The loader checks the role first and
 * parses its tab's query with the same schemas as the staff API; these are the API's services.
 */
import { z } from 'zod';
import { DomainError } from '../../../domain/errors.ts';
import type { AdminAuditQuery, AdminBriefsQuery, AdminContactsQuery, AdminOrdersQuery, AdminPapersQuery, AdminUsersQuery } from '../../../domain/validation/admin.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { listAudit } from '../../audit/audit-queries.ts';
import { listContacts } from './admin-contacts.service.ts';
import { getOrder, listBriefs, listOrders } from './admin-orders.service.ts';
import { listPapers } from './admin-papers.service.ts';
import { taxInvoiceQueue } from '../papers/korean-evidence.service.ts';
import type { TaxRules } from '../tax/tax-rules.service.ts';
import { overview } from './admin-overview.service.ts';
import { storeSettings, type SystemFacts } from './admin-settings.service.ts';
import { searchUsers } from './admin-users.service.ts';
import type { Language } from '../../../domain/countries.ts';

/** An order that is not there (an old link, a mistyped id) opens nothing; any other error fails the page. */
const noneWhenNotFound = (error: unknown) => {
  if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
  throw error;
};

export function createAdminLoader({ db, payments, taxRules, system }: { db: Database; payments: PaymentsService; taxRules: TaxRules; system: SystemFacts }) {
  return {
    /** In the staff member's language (`lang`): the orders' names are said from their lines in it. */
    overview: (lang: Language) => overview(db, lang),
    /** The orders with what this staff member has not read of each one's conversation. */
    orders: (staffUserId: string, query: AdminOrdersQuery, lang: Language) => listOrders(db, staffUserId, query, lang),
    order: async (id: string, lang: Language) => (z.uuid().safeParse(id).success ? getOrder(db, id, lang).catch(noneWhenNotFound) : null),
    papers: (query: AdminPapersQuery) => listPapers(db, query),
    taxInvoices: () => taxInvoiceQueue(db),
    briefs: (query: AdminBriefsQuery) => listBriefs(db, query),
    users: (query: AdminUsersQuery) => searchUsers(db, query),
    contacts: (query: AdminContactsQuery) => listContacts(db, query),
    /** The audit trail (issue 36). */
    audit: (query: AdminAuditQuery) => listAudit(db, query),
    settings: () => storeSettings(payments, system),
    /** Every store's tax rule and its versions (issue 34), for the settings tab's editor. */
    tax: () => taxRules.all(),
  };
}

export type AdminLoader = ReturnType<typeof createAdminLoader>;
