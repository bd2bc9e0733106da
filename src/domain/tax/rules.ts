/**
 * Each store's tax, as data (issue 34): what the customer reads it as, its rate, whether prices
 * include it, and the seller's registrations a paper shows. Staff change a store's rule in
 * Settings (a new version each time, kept as history); until then the defaults below hold.
 * Prices stay what the catalog and quotes say: the tax is the part of the amount the rule names.
 */
import { COMPANY } from '../site.ts';
import type { CountryCode } from '../countries.ts';

/** Taxes as customers name them; each has its name in every language (`common:tax.names.*`). */
export const TAX_KINDS = ['vat', 'gst', 'sst', 'sales_tax'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

/** Registrations a paper can show, each with its own check (tax/tax-ids.ts) and label (`common:tax.registrations.*`). */
export const REGISTRATION_KINDS = ['kr_business', 'kr_mail_order', 'abn', 'sst', 'other'] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

export interface Registration {
  kind: RegistrationKind;
  value: string;
}

export interface TaxRule {
  /** False: the seller is not registered for tax in this store: no tax line, no word about tax. */
  registered: boolean;
  kind: TaxKind;
  /** In basis points: 1000 is 10%. */
  rateBasisPoints: number;
  /** Prices include the tax (the only mode the store charges today; see decision 0040). */
  included: boolean;
  registrations: Registration[];
}

/** The ATO's published example ABN, until staff set the studio's own in Settings. */
const DEFAULT_ABN = '51 824 753 556';

/** The most a rate may be: 30%. */
export const MAX_RATE_BASIS_POINTS = 3000;

const NOT_REGISTERED: TaxRule = { registered: false, kind: 'sales_tax', rateBasisPoints: 0, included: true, registrations: [] };

/**
 * Korea: 10% VAT in every price, the business and mail-order registrations on every paper.
 * Australia: 10% GST in every price; the ABN is the studio's (staff replace it in Settings).
 * The other stores are not registered until staff say otherwise.
 */
export const DEFAULT_TAX_RULES: Readonly<Record<CountryCode, TaxRule>> = {
  kr: {
    registered: true, kind: 'vat', rateBasisPoints: 1000, included: true,
    registrations: [{ kind: 'kr_business', value: COMPANY.registrationNumber }, { kind: 'kr_mail_order', value: COMPANY.mailOrderNumber }],
  },
  au: { registered: true, kind: 'gst', rateBasisPoints: 1000, included: true, registrations: [{ kind: 'abn', value: DEFAULT_ABN }] },
  us: NOT_REGISTERED,
  vn: { ...NOT_REGISTERED, kind: 'vat' },
  cn: { ...NOT_REGISTERED, kind: 'vat' },
  my: { ...NOT_REGISTERED, kind: 'sst' },
};

/** What a price label says about tax: nothing when the store is not registered. */
export interface TaxLabel {
  kind: TaxKind;
  included: boolean;
}

export const taxLabelOf = (rule: TaxRule): TaxLabel | null => (rule.registered ? { kind: rule.kind, included: rule.included } : null);
