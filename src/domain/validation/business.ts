/** A business buyer's details (issue 34): at checkout, or later on the order while papers can still take them. */
import { z } from 'zod';
import type { CountryCode } from '../countries.ts';
import { isBuyerTaxId } from '../tax/tax-ids.ts';
import { V } from './messages.ts';
import { emailField, optionalText, plainText, requiredText } from './schema-helpers.ts';
import { businessOfFold, EMPTY_BUSINESS_FOLD, FOLD_FIELDS, type BusinessFoldValues } from '../tax/business-fold.ts';

export const businessDetailsSchema = z.object({
  company: requiredText(200),
  taxId: requiredText(30).describe("The buyer's tax id in the order's store: a Korean business number (checked by its check digit), an ABN (by its checksum), or another store's tax code (4-30 letters, digits and separators)."),
  address: optionalText(300),
  email: emailField().optional().describe('Where papers go, when not the order\'s e-mail.'),
});

export type BusinessDetailsInput = z.infer<typeof businessDetailsSchema>;

/** The fold's fields as a form has them (checked only while it is open: `checkBusinessFold`). */
export const businessFoldShape = {
  wantsBusiness: z.boolean().optional(),
  businessCompany: plainText().optional(),
  businessTaxId: plainText().optional(),
  businessAddress: plainText().optional(),
  businessEmail: plainText().optional(),
};

/**
 * Checks the fold as the server will check it (the same schema, the tax id by the order's store),
 * only while it is open; its errors named by the form's fields.
 */
export const checkBusinessFold = (country: CountryCode) => (values: Partial<BusinessFoldValues>, ctx: z.RefinementCtx) => {
  const details = businessOfFold({ ...EMPTY_BUSINESS_FOLD, ...values });
  if (!details) return;
  const parsed = businessDetailsSchema.safeParse(details);
  const issues = parsed.error?.issues ?? [];
  for (const issue of issues) ctx.addIssue({ ...issue, path: [FOLD_FIELDS[issue.path[0] as keyof typeof FOLD_FIELDS]] });
  // The tax id's own check, whatever else is still missing.
  if (!issues.some((issue) => issue.path[0] === 'taxId') && !isBuyerTaxId(country, details.taxId)) {
    ctx.addIssue({ code: 'custom', message: taxIdMessage(country), path: ['businessTaxId'] });
  }
};

/** The fold on its own (the order page's form). */
export const businessFoldSchema = (country: CountryCode) => z.object(businessFoldShape).superRefine(checkBusinessFold(country));

/** Why a tax id is refused: a Korean business number or an ABN by its check digit, another store's by its form. */
export const taxIdMessage = (country: CountryCode) => (country === 'kr' || country === 'au' ? V.taxId : V.invalidType);
