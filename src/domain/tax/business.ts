/**
 * A business buyer's details for its papers (issue 34): stored with the order as given, printed
 * on its tax invoice. The tax id is checked by the order's store (tax-ids.ts).
 */
export interface BusinessDetails {
  company: string;
  taxId: string;
  address: string | null;
  /** Where papers go, when not the order's e-mail. */
  email: string | null;
}
