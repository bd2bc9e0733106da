/**
 * What an order costs (D1, D4, D23, D25): the server prices every line from the catalog, the
 * quantity and the store, never from what a browser sends. Amounts are integers: whole won, and
 * the store currency's minor units for what the payment provider is asked to charge.
 */
import { findPackage, type PackageSlug } from './catalog/packages.ts';
import { MAX_QUANTITY, MIN_QUANTITY, serviceTotalKrw } from './catalog/pricing.ts';
import { findService } from './catalog/services.ts';
import { findTemplate, TEMPLATE_DELIVERY } from './catalog/templates.ts';
import { COUNTRIES, type CountryCode } from './countries.ts';
import { DomainError } from './errors.ts';
import { convertKrwToMinor } from './money.ts';

export type OrderItem =
  | { kind: 'template'; templateId: number; quantity: number }
  | { kind: 'package'; packageSlug: string }
  | { kind: 'service'; serviceId: number; quantity: number };

export type LineKind = OrderItem['kind'];
export const LINE_KINDS = ['template', 'package', 'service'] as const satisfies readonly LineKind[];

export interface PricedLine {
  kind: LineKind;
  /** Catalog id: template or service id as text, or the package slug. */
  ref: string;
  quantity: number;
  /** Price of one unit (a template, a package), or of the whole service for its quantity. */
  unitPriceKrw: number;
  totalKrw: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  totalKrw: number;
  currency: (typeof COUNTRIES)[CountryCode]['currency'];
  /** What the provider will be asked to charge, in the currency's minor units. */
  amountMinor: number;
}

/** A public order number, also the provider's orderId: 6-64 of [A-Za-z0-9_-] (Toss's rule). */
export const ORDER_NUMBER_PATTERN = /^[A-Za-z0-9_-]{6,64}$/;

/** The shape of a private link's key (D22, base64url): anything else opens nothing. */
export const ORDER_KEY_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

/** At most this many lines in one order (a cart checkout). */
const MAX_ORDER_LINES = 50;

function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < MIN_QUANTITY || quantity > MAX_QUANTITY) {
    throw new DomainError('INVALID_QUANTITY', { values: { min: MIN_QUANTITY, max: MAX_QUANTITY } });
  }
}

export function priceLine(item: OrderItem): PricedLine {
  switch (item.kind) {
    case 'template': {
      const template = findTemplate(item.templateId);
      if (!template) throw new DomainError('UNKNOWN_ITEM', { detail: `template ${item.templateId}` });
      assertQuantity(item.quantity);
      return { kind: 'template', ref: String(template.id), quantity: item.quantity, unitPriceKrw: template.priceKrw, totalKrw: template.priceKrw * item.quantity };
    }
    case 'package': {
      const pack = findPackage(item.packageSlug as PackageSlug);
      if (!pack) throw new DomainError('UNKNOWN_ITEM', { detail: `package ${item.packageSlug}` });
      return { kind: 'package', ref: pack.slug, quantity: 1, unitPriceKrw: pack.priceKrw, totalKrw: pack.priceKrw };
    }
    case 'service': {
      const service = findService(item.serviceId);
      if (!service) throw new DomainError('UNKNOWN_ITEM', { detail: `service ${item.serviceId}` });
      // Quote-only services (6, 8, 10-13) throw QUOTE_ONLY here: they start with a brief (D17).
      const totalKrw = serviceTotalKrw(service, item.quantity);
      return { kind: 'service', ref: String(service.id), quantity: item.quantity, unitPriceKrw: totalKrw, totalKrw };
    }
  }
}

/** Prices an order for a store; the total is converted once, so lines and total never disagree by rounding. */
export function priceOrder(items: readonly OrderItem[], country: CountryCode): PricedOrder {
  if (items.length === 0) throw new DomainError('CART_EMPTY');
  if (items.length > MAX_ORDER_LINES) throw new DomainError('VALIDATION_FAILED', { detail: 'too many lines' });
  const lines = items.map(priceLine);
  const totalKrw = lines.reduce((sum, line) => sum + line.totalKrw, 0);
  return { lines, totalKrw, currency: COUNTRIES[country].currency, amountMinor: convertKrwToMinor(totalKrw, country) };
}

/**
 * When the first draft of a paid order is due, in days after the brief: the slowest line's window
 * (templates 1-5 days, SPEC section 9). Null when a line has none (quote-only work has its own
 * schedule, agreed with the customer).
 */
export function draftWindowOf(lines: readonly { kind: LineKind; ref: string }[]): { minDays: number; maxDays: number } | null {
  if (lines.length === 0) return null;
  let minDays = 0;
  let maxDays = 0;
  for (const line of lines) {
    const delivery = line.kind === 'service' ? findService(Number(line.ref))?.delivery
      : line.kind === 'package' ? findPackage(line.ref)?.delivery
      : findTemplate(Number(line.ref)) ? TEMPLATE_DELIVERY : null;
    if (!delivery) return null;
    minDays = Math.max(minDays, delivery.minDays);
    maxDays = Math.max(maxDays, delivery.maxDays);
  }
  return { minDays, maxDays };
}

/** An order whose payment did not go through, as the fail page shows it to its payer (issue 33, items 18-19). */
export interface KeptOrder {
  orderId: string;
  orderName: string;
  amount: number;
  country: CountryCode;
  /** Whether it can still be paid (a pending order, or a quote still valid). */
  payable: boolean;
  /** Where the payer pays it: My Page or the private page, with its "Pay now" opened. */
  payPath: string;
  /** A guest's private page (its path), to keep; null for a signed-in customer's order. */
  privatePath: string | null;
  /** Where a guest's private link was mailed (now or before); null for a signed-in customer. */
  mailedTo: string | null;
}
