/** The checkout's business fold (issue 34): checked as the server checks it, only while open, with the rest of the form. */
import { describe, expect, it } from 'vitest';
import { businessOfFold, EMPTY_BUSINESS_FOLD } from '../../src/domain/tax/business-fold.ts';
import { fieldErrors } from '../../src/domain/validation/schema-helpers.ts';
import { businessFoldSchema, checkoutFormSchemaIn } from '../../src/domain/validation/orders.ts';

const filled = { customerName: 'Mia Chen', customerEmail: 'mia@example.com', customerPhone: '+61 2 9000 0000', requirements: '', quantity: 3, agreeTerms: true, agreePrivacy: true };
const errorsOf = (result: { success: boolean; error?: import('zod').ZodError }) => (result.success ? {} : Object.fromEntries(Object.entries(fieldErrors(result.error!)).map(([field, e]) => [field, e.key])));

describe('the business fold', () => {
  it('sends nothing and checks nothing while closed, whatever its fields hold', () => {
    const closed = { ...EMPTY_BUSINESS_FOLD, businessTaxId: '12' };
    expect(businessOfFold(closed)).toBeUndefined();
    expect(checkoutFormSchemaIn('au').safeParse({ ...filled, ...closed }).success).toBe(true);
  });

  it('checks the tax id by the store: an ABN in /au, a business number in /kr, a tax code elsewhere', () => {
    const open = (taxId: string) => ({ ...filled, ...EMPTY_BUSINESS_FOLD, wantsBusiness: true, businessCompany: 'Harbour Café Pty Ltd', businessTaxId: taxId });
    expect(errorsOf(checkoutFormSchemaIn('au').safeParse(open('51 824 753 557')))).toEqual({ businessTaxId: 'validation.taxId' });
    expect(checkoutFormSchemaIn('au').safeParse(open('51 824 753 556')).success).toBe(true);
    expect(errorsOf(checkoutFormSchemaIn('kr').safeParse(open('51 824 753 556')))).toEqual({ businessTaxId: 'validation.taxId' });
    expect(checkoutFormSchemaIn('kr').safeParse(open('124-81-00998')).success).toBe(true);
    expect(errorsOf(checkoutFormSchemaIn('us').safeParse(open('#')))).toEqual({ businessTaxId: 'validation.invalidType' });
    expect(businessOfFold(open('51 824 753 556'))).toEqual({ company: 'Harbour Café Pty Ltd', taxId: '51 824 753 556', address: undefined, email: undefined });
  });

  it('reports its errors with the rest of the form\'s, not only once the rest passes', () => {
    const result = checkoutFormSchemaIn('au').safeParse({ ...filled, customerName: '', ...EMPTY_BUSINESS_FOLD, wantsBusiness: true, businessTaxId: '12', businessEmail: 'not-an-address' });
    expect(errorsOf(result)).toEqual({ customerName: 'validation.required', businessCompany: 'validation.required', businessTaxId: 'validation.taxId', businessEmail: 'validation.email' });
  });

  it('is the same check on its own (the order page\'s form)', () => {
    expect(errorsOf(businessFoldSchema('kr').safeParse({ ...EMPTY_BUSINESS_FOLD, wantsBusiness: true, businessCompany: '가게', businessTaxId: '124-81-00999' }))).toEqual({ businessTaxId: 'validation.taxId' });
  });
});
