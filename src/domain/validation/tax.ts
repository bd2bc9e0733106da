/**
 * A store's tax rule as staff set it in Settings (issue 34). Registrations are checked by their
 * issuers' rules (tax/tax-ids.ts); a registered Korean store needs its business number, a
 * registered Australian one its ABN (a tax invoice cannot be issued without it).
 */
import { z } from 'zod';
import type { CountryCode } from '../countries.ts';
import { MAX_RATE_BASIS_POINTS, REGISTRATION_KINDS, TAX_KINDS } from '../tax/rules.ts';
import { isAbn, isKoreanBusinessNumber, OTHER_TAX_ID } from '../tax/tax-ids.ts';
import { V } from './messages.ts';
import { requiredText } from './schema-helpers.ts';

const registration = z.object({
  kind: z.enum(REGISTRATION_KINDS, { error: V.invalidChoice }),
  value: requiredText(60),
});

/** What each registration must look like; the mail-order report number is free text (its office is written in Hangul). */
function registrationValid(kind: (typeof REGISTRATION_KINDS)[number], value: string): boolean {
  if (kind === 'kr_business') return isKoreanBusinessNumber(value);
  if (kind === 'abn') return isAbn(value);
  if (kind === 'kr_mail_order') return true;
  return OTHER_TAX_ID.test(value);
}

/** The registration a registered store's papers cannot do without. */
const REQUIRED_REGISTRATION: Partial<Record<CountryCode, (typeof REGISTRATION_KINDS)[number]>> = { kr: 'kr_business', au: 'abn' };

export const taxRuleFields = z.object({
  registered: z.boolean({ error: V.invalidType }),
  kind: z.enum(TAX_KINDS, { error: V.invalidChoice }),
  rateBasisPoints: z.number({ error: V.invalidType }).int({ error: V.invalidType }).min(0, { error: V.invalidType }).max(MAX_RATE_BASIS_POINTS, { error: V.invalidType })
    .describe('The rate in basis points: 1000 is 10%.'),
  included: z.literal(true, { error: V.invalidChoice }).describe('Prices include the tax: the only mode the store charges in today.'),
  registrations: z.array(registration, { error: V.invalidType }).max(4, { error: V.tooMany }),
});

/** PUT /api/admin/tax/{country}: the rule of one store, checked for that store. */
export const taxRuleSchemaFor = (country: CountryCode) => taxRuleFields.superRefine((rule, ctx) => {
  rule.registrations.forEach(({ kind, value }, i) => {
    // A check digit's message for the numbers that have one; the others are refused by their form.
    if (!registrationValid(kind, value)) ctx.addIssue({ code: 'custom', path: ['registrations', i, 'value'], message: kind === 'kr_business' || kind === 'abn' ? V.taxId : V.invalidType });
  });
  const needed = REQUIRED_REGISTRATION[country];
  if (rule.registered && needed && !rule.registrations.some((r) => r.kind === needed)) ctx.addIssue({ code: 'custom', path: ['registrations'], message: V.required });
});

export type TaxRuleInput = z.infer<typeof taxRuleFields>;
