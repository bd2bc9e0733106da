/** A business buyer's details (issue 34): at checkout, or later on the order while papers can still take them. */
import { z } from 'zod';
import type { CountryCode } from '../countries.ts';
import { isBuyerTaxId } from '../tax/tax-ids.ts';
import { V } from './messages.ts';
import { emailField, optionalText, requiredText } from './schema-helpers.ts';
import { businessOfFold, FOLD_FIELDS, type BusinessFoldValues } from '../tax/business-fold.ts';

export const businessDetailsSchema = z.object({
  company: requiredText(200),
  taxId: requiredText(30).describe("The buyer's tax id in the order's store: a Korean business number (checked by its check digit), an ABN (by its checksum), or another store's tax code (4-30 letters, digits and separators)."),
  address: optionalText(300),
  email: emailField().optional().describe('Where papers go, when not the order\'s e-mail.'),
});

export type BusinessDetailsInput = z.infer<typeof businessDetailsSchema>;

/**
 * The fold checked as the server will check it (the same schema, the tax id by the order's
 * store), only while it is open; its errors named by the form's fields.
 */
export function businessFoldSchema(country: CountryCode) {
  return z.object({}).loose().superRefine((values, ctx) => {
    const details = businessOfFold(values as unknown as BusinessFoldValues);
    if (!details) return;
    const parsed = businessDetailsSchema.safeParse(details);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [FOLD_FIELDS[issue.path[0] as keyof typeof FOLD_FIELDS]] });
      return;
    }
    if (!isBuyerTaxId(country, parsed.data.taxId)) ctx.addIssue({ code: 'custom', message: taxIdMessage(country), path: ['businessTaxId'] });
  });
}

/** Why a tax id is refused: a Korean business number or an ABN by its check digit, another store's by its form. */
export const taxIdMessage = (country: CountryCode) => (country === 'kr' || country === 'au' ? V.taxId : V.invalidType);
