/** Names of what was sold, in the order's language, as they are stored with the order (D23). */
import { findPackage, PACKAGES, type PackageSlug } from '../../../domain/catalog/packages.ts';
import { findService } from '../../../domain/catalog/services.ts';
import { LANGUAGES, type Language } from '../../../domain/countries.ts';
import type { PricedLine } from '../../../domain/orders.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';

export function lineName(line: Pick<PricedLine, 'kind' | 'ref'>, lang: Language): string {
  const t = translatorFor(lang, 'catalog');
  switch (line.kind) {
    case 'template':
      return t(`templates.${line.ref}.title`);
    case 'package':
      return t(`packages.${findPackage(line.ref as PackageSlug)?.slug ?? line.ref}.name`);
    case 'service':
      return t(`services.${findService(Number(line.ref))?.slug ?? line.ref}.name`);
  }
}

/** What the payment provider shows: SPEC's '{title} x {quantity}장', or the first line and how many more. */
export function orderName(lines: ReadonlyArray<Pick<PricedLine, 'kind' | 'ref' | 'quantity'>>, lang: Language): string {
  const t = translatorFor(lang, 'orders');
  const first = lines[0]!;
  const name = lineName(first, lang);
  const single = lines.length === 1 ? t('orderName.single', { name, quantity: first.quantity }) : t('orderName.more', { name, count: lines.length - 1 });
  // Toss accepts at most 100 characters.
  return single.length > 100 ? `${single.slice(0, 99)}…` : single;
}

/** Letters and digits only, lower case: "Delivery-app sales boost" and "delivery app sales boost" are one name. */
const comparable = (name: string) => name.toLocaleLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The package SPEC's package order names by `packageName` (with `selectedTemplate.id` 0): its
 * slug, or its name in any of the store's languages. Undefined when it names none.
 */
let packagesByName: Map<string, PackageSlug> | undefined;

export function packageNamed(name: string): PackageSlug | undefined {
  // The names never change while the process runs: worked out once, on the first such order.
  if (!packagesByName) {
    packagesByName = new Map();
    for (const pkg of PACKAGES) {
      for (const lang of LANGUAGES) {
        const key = comparable(translatorFor(lang, 'catalog')(`packages.${pkg.slug}.name`));
        if (!packagesByName.has(key)) packagesByName.set(key, pkg.slug);
      }
    }
    // A slug wins over a translated name that happens to read the same.
    for (const pkg of PACKAGES) packagesByName.set(comparable(pkg.slug), pkg.slug);
  }
  return packagesByName.get(comparable(name));
}
