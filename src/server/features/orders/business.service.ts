/**
 * A business buyer's details for its papers (issue 34): given at checkout or later, while the
 * order is not paid (its papers are made from them when it is). The tax id is checked by the
 * order's store, and written the way papers write it.
 */
import { eq } from 'drizzle-orm';
import type { CountryCode } from '../../../domain/countries.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { Accessor } from '../../../domain/order-access.ts';
import type { OrderStatus } from '../../../domain/statuses.ts';
import type { BusinessDetails } from '../../../domain/tax/business.ts';
import { formatTaxId, isBuyerTaxId } from '../../../domain/tax/tax-ids.ts';
import { taxIdMessage, type BusinessDetailsInput } from '../../../domain/validation/business.ts';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { orderFor } from './order-access.ts';

/** Until it is paid, an order's details are still the customer's to give. */
const OPEN: ReadonlySet<OrderStatus> = new Set(['pending', 'quote_review', 'quoted']);

/** The details as stored, or a refusal naming `field` when the tax id fails the store's check. */
export function businessDetailsFor(country: CountryCode, input: BusinessDetailsInput, field = 'taxId'): BusinessDetails {
  if (!isBuyerTaxId(country, input.taxId)) {
    throw new DomainError('VALIDATION_FAILED', { fields: { [field]: { key: taxIdMessage(country) } } });
  }
  const taxId = country === 'kr' ? formatTaxId('kr_business', input.taxId) : country === 'au' ? formatTaxId('abn', input.taxId) : input.taxId;
  return { company: input.company, taxId, address: input.address ?? null, email: input.email ?? null };
}

/** Sets the details of an order whoever may pay it may give them for (its owner, its private link). */
export async function setBusinessDetails(db: Database, accessor: Accessor, orderNumber: string, input: BusinessDetailsInput): Promise<BusinessDetails> {
  return db.transaction(async (tx) => {
    const order = await orderFor(tx, accessor, orderNumber, 'pay', { lock: true });
    if (!OPEN.has(order.status)) throw new DomainError('BUSINESS_DETAILS_CLOSED');
    const business = businessDetailsFor(order.country, input);
    await tx.update(orders).set({ business, updatedAt: new Date() }).where(eq(orders.id, order.id));
    return business;
  });
}
