/** What the pages' loaders ask of the tax rules: the store's price label, in the page's language. */
import type { CountryCode, Language } from '../../../domain/countries.ts';
import type { TaxRules } from './tax-rules.service.ts';
import { issuesTaxInvoices } from '../../../domain/tax/papers.ts';
import { taxWords } from './tax-words.ts';

export function createTaxLoader(taxRules: TaxRules) {
  return {
    /**
     * The tax's name and the price label ("부가세", "부가세 포함"), and whether the store's papers
     * include a tax invoice; null where the store's seller is not registered for tax.
     */
    async words(country: CountryCode, lang: Language): Promise<{ name: string; label: string; invoices: boolean } | null> {
      const rule = await taxRules.current(country);
      const { name, label } = taxWords(rule, lang);
      return label === null ? null : { name, label, invoices: issuesTaxInvoices(country, rule.registered) };
    },
  };
}

export type TaxLoader = ReturnType<typeof createTaxLoader>;
