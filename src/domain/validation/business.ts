/** A business buyer's details (issue 34): at checkout, or later on the order while papers can still take them. */
import { z } from 'zod';
import { emailField, optionalText, requiredText } from './schema-helpers.ts';

export const businessDetailsSchema = z.object({
  company: requiredText(200),
  taxId: requiredText(30).describe("The buyer's tax id in the order's store: a Korean business number (checked by its check digit), an ABN (by its checksum), or another store's tax code (4-30 letters, digits and separators)."),
  address: optionalText(300),
  email: emailField().optional().describe('Where papers go, when not the order\'s e-mail.'),
});

export type BusinessDetailsInput = z.infer<typeof businessDetailsSchema>;
