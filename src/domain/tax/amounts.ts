/**
 * The tax part of an amount paid, in minor units (issue 34). One rounding per document: the tax
 * of the whole is computed once (the net rounded half up, the tax what is left, so net and tax add
 * up to what was paid), then shared among the lines by the largest remainder, so the lines' parts
 * add up to it exactly. Whole-unit currencies (KRW, VND) need nothing special: their minor unit
 * is the unit.
 */
import type { TaxRule } from './rules.ts';

export interface TaxSplit {
  /** What was paid (or refunded), tax included. */
  gross: number;
  net: number;
  tax: number;
}

/** The tax included in `gross` at `rateBasisPoints` (1000 = 10%), in the same minor units. */
export function includedTax(gross: number, rateBasisPoints: number): TaxSplit {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError(`an amount in minor units, not ${gross}`);
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0) throw new RangeError(`a rate in basis points, not ${rateBasisPoints}`);
  if (rateBasisPoints === 0 || gross === 0) return { gross, net: gross, tax: 0 };
  // net = gross × 10000 / (10000 + rate), rounded half up, in exact integer arithmetic.
  const numerator = BigInt(gross) * 10000n;
  const denominator = BigInt(10000 + rateBasisPoints);
  const net = Number((numerator * 2n + denominator) / (denominator * 2n));
  return { gross, net, tax: gross - net };
}

/** A document's split under a store's rule: no tax at all when the seller is not registered. */
export function taxOf(gross: number, rule: Pick<TaxRule, 'registered' | 'rateBasisPoints'>): TaxSplit {
  return rule.registered ? includedTax(gross, rule.rateBasisPoints) : { gross, net: gross, tax: 0 };
}

/**
 * Shares `total` among parts in proportion to `weights` (the lines' amounts): each gets its floor,
 * and the units left over go to the largest remainders (the earlier line on a tie), so the parts
 * add up to `total` exactly.
 */
export function shareByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (BigInt(total) * BigInt(w)));
  const floors = exact.map((e) => Number(e / BigInt(sum)));
  const remainders = exact.map((e, i) => ({ i, r: e % BigInt(sum) }));
  let left = total - floors.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    floors[i]! += 1;
    left--;
  }
  return floors;
}

export interface LineSplit extends TaxSplit {
  index: number;
}

/** The document's split, and each line's share of its tax: the lines' taxes add up to the document's. */
export function splitLines(lineAmounts: readonly number[], rule: Pick<TaxRule, 'registered' | 'rateBasisPoints'>): { total: TaxSplit; lines: LineSplit[] } {
  const gross = lineAmounts.reduce((a, b) => a + b, 0);
  const total = taxOf(gross, rule);
  const taxes = shareByLargestRemainder(total.tax, lineAmounts);
  return { total, lines: lineAmounts.map((amount, index) => ({ index, gross: amount, tax: taxes[index]!, net: amount - taxes[index]! })) };
}
