/** How a store's tax reads in a language: its name, the price label, the registrations' labels. */
import type { Language } from '../../../domain/countries.ts';
import type { TaxRule } from '../../../domain/tax/rules.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';

export function taxWords(rule: TaxRule, lang: Language) {
  const t = translatorFor(lang, 'common');
  const name = t(`tax.names.${rule.kind}`);
  return {
    name,
    label: rule.registered ? t(rule.included ? 'tax.included' : 'tax.added', { tax: name }) : null,
    registrations: rule.registrations.map((r) => ({ ...r, label: t(`tax.registrations.${r.kind}`) })),
  };
}
