/** Each store's tax (issue 34): the public rule a store's prices follow, and staff's settings with their history. */
import { z } from 'zod';
import { COUNTRY_CODES } from '../countries.ts';
import { REGISTRATION_KINDS, TAX_KINDS } from '../tax/rules.ts';
import { taxRuleFields } from '../validation/tax.ts';
import { SIGNED_IN, dateTime, errorAnswers, ok, route, storeHeaders, type Answer } from './http.ts';

const registration = z.object({ kind: z.enum(REGISTRATION_KINDS), value: z.string() });

const ruleSchema = z.object({
  registered: z.boolean().describe('False: the seller is not registered for tax in this store; its prices and papers say nothing about tax.'),
  kind: z.enum(TAX_KINDS),
  rateBasisPoints: z.number().int().describe('1000 is 10%.'),
  included: z.boolean().describe('Prices include the tax.'),
  registrations: z.array(registration),
});

export const storeTax = route({
  operationId: 'storeTax',
  summary: "The tax a store's prices include", tags: ['payments'],
  description: "The rule of the store in X-Store-Country, with the words a page shows in the request's language: the tax's name, the price label (null where the seller is not registered) and the seller's registrations as papers show them.",
  headers: storeHeaders,
  response: {
    200: ok({
      country: z.enum(COUNTRY_CODES),
      tax: ruleSchema.extend({
        name: z.string().describe('How the customer reads it: 부가세, VAT, GST, SST, 增值税.'),
        label: z.string().nullable().describe('"VAT included", "GST included"; null where the seller is not registered.'),
        registrations: z.array(registration.extend({ label: z.string() })),
      }),
    }),
    ...errorAnswers(400),
  },
});

const countryParams = z.object({ country: z.enum(COUNTRY_CODES).describe('The store.') });

export const taxSettings = route({
  operationId: 'taxSettings',
  summary: "Every store's tax rule with its history (staff)", tags: ['staff'], security: SIGNED_IN,
  description: 'The rule each store follows now (the default until staff save one), and every version saved, newest first, with who saved it.',
  response: {
    200: ok({
      stores: z.array(z.object({
        country: z.enum(COUNTRY_CODES),
        rule: ruleSchema,
        history: z.array(ruleSchema.extend({ at: dateTime(), by: z.string().nullable() })),
      })),
    }),
    ...errorAnswers(401, 403),
  },
});

export const setTaxRule = route({
  operationId: 'setTaxRule',
  summary: "Save a new version of a store's tax rule (staff)", tags: ['staff'], security: SIGNED_IN,
  description: 'Kept as a new version with who saved it; papers issued before keep the rule they were issued under. A Korean business number and an ABN are checked by their check digits; a registered Korean store needs its business number, a registered Australian one its ABN.',
  params: countryParams,
  body: taxRuleFields.meta({ examples: [{ registered: true, kind: 'gst', rateBasisPoints: 1000, included: true, registrations: [{ kind: 'abn', value: '51 824 753 556' }] }] }),
  response: { 200: ok({ country: z.enum(COUNTRY_CODES), rule: ruleSchema }), ...errorAnswers(400, 401, 403, 404) },
});

export type StoreTaxAnswer = Answer<typeof storeTax>;
export type TaxSettingsAnswer = Answer<typeof taxSettings>;
