/**
 * A checkout's business fold (issue 34) as flat form fields, and the order's `business` made from
 * it. No schema library here: the forms load theirs when they first check (validation/business.ts).
 */

/** What the fold gives the order (the server checks it again, the tax id by the order's store). */
export interface BusinessDetailsGiven {
  company: string;
  taxId: string;
  address?: string | undefined;
  email?: string | undefined;
}

/** The business fold of a checkout form, as flat fields; `business` of the order once open and valid. */
export interface BusinessFoldValues {
  wantsBusiness: boolean;
  businessCompany: string;
  businessTaxId: string;
  businessAddress: string;
  businessEmail: string;
}

export const EMPTY_BUSINESS_FOLD: BusinessFoldValues = { wantsBusiness: false, businessCompany: '', businessTaxId: '', businessAddress: '', businessEmail: '' };

export const FOLD_FIELDS = { company: 'businessCompany', taxId: 'businessTaxId', address: 'businessAddress', email: 'businessEmail' } as const;

/** The order's `business` from the fold: nothing while it is closed. */
export function businessOfFold(values: BusinessFoldValues): BusinessDetailsGiven | undefined {
  if (!values.wantsBusiness) return undefined;
  return { company: values.businessCompany, taxId: values.businessTaxId, address: values.businessAddress || undefined, email: values.businessEmail || undefined };
}

