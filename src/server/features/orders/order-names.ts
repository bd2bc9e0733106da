/** Names of what was sold, in the order's language, as they are stored with the order (D23). */
import { FifoMap } from 'toad-cache';
import { findPackage, PACKAGES, type PackageSlug } from '../../../domain/catalog/packages.ts';
import { findService } from '../../../domain/catalog/services.ts';
import { LANGUAGES, type Language } from '../../../domain/countries.ts';
import type { PricedLine } from '../../../domain/orders.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';

/**
 * The names are the catalogs' words, which do not change while the process runs, and every order
 * asks for them: each is worked out once. What they are kept by (a catalog item and, for an order
 * name, a quantity) is checked before an order is priced, so there are a few hundred; the caches
 * keep the newest 2,000 all the same.
 */
const lineNames = new FifoMap<string>(2000);
const singleOrderNames = new FifoMap<string>(2000);

export function lineName(line: Pick<PricedLine, 'kind' | 'ref'>, lang: Language): string {
  const id = `${lang}:${line.kind}:${line.ref}`;
  let name = lineNames.get(id);
  if (name === undefined) {
    name = translatedLineName(line, lang);
    lineNames.set(id, name);
  }
  return name;
}

function translatedLineName(line: Pick<PricedLine, 'kind' | 'ref'>, lang: Language): string {
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

/**
 * What the payment provider shows: SPEC's '{title} x {quantity}장' (with the multiplication sign
 * the pages and dialogs use, issue 33 item 32: '{title} × {quantity}장') for a service priced by its
 * images; a template or package by its name (and how many, when more than one, not counted in
 * sheets); several lines as the first and how many more.
 */
export function orderName(lines: ReadonlyArray<Pick<PricedLine, 'kind' | 'ref' | 'quantity'>>, lang: Language): string {
  const first = lines[0]!;
  if (lines.length > 1) return providerLength(translatorFor(lang, 'orders')('orderName.more', { name: lineName(first, lang), count: lines.length - 1 }));
  const id = `${lang}:${first.kind}:${first.ref}:${first.quantity}`;
  let name = singleOrderNames.get(id);
  if (name === undefined) {
    const t = translatorFor(lang, 'orders');
    const named = lineName(first, lang);
    name = providerLength(first.kind === 'service' ? t('orderName.single', { name: named, quantity: first.quantity })
      : first.quantity > 1 ? t('orderName.goods', { name: named, quantity: first.quantity }) : named);
    singleOrderNames.set(id, name);
  }
  return name;
}

/** Toss accepts at most 100 characters. */
const providerLength = (name: string) => (name.length > 100 ? `${name.slice(0, 99)}…` : name);

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
