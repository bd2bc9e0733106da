/**
 * Each store's tax (issue 34): the tax part of an amount in every store's currency, one rounding
 * per document and lines that add up exactly; the check digits of Korean business numbers and
 * ABNs, with the issuers' own examples.
 */
import { evidenceRefusal, taxInvoiceDeadline } from '../../src/domain/tax/korean-evidence.ts';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES } from '../../src/domain/countries.ts';
import { convertKrwToMinor } from '../../src/domain/money.ts';
import { includedTax, shareByLargestRemainder, splitLines, taxOf } from '../../src/domain/tax/amounts.ts';
import { DEFAULT_TAX_RULES, taxLabelOf } from '../../src/domain/tax/rules.ts';
import { formatTaxId, isAbn, isBuyerTaxId, isKoreanBusinessNumber } from '../../src/domain/tax/tax-ids.ts';

describe('the tax part of what was paid', () => {
  it('takes 10% VAT out of a won price the Korean way: the supply value rounded, the tax what is left', () => {
    expect(includedTax(399_000, 1000)).toEqual({ gross: 399_000, net: 362_727, tax: 36_273 });
    expect(includedTax(110, 1000)).toEqual({ gross: 110, net: 100, tax: 10 });
    expect(includedTax(1, 1000)).toEqual({ gross: 1, net: 1, tax: 0 });
    expect(includedTax(0, 1000)).toEqual({ gross: 0, net: 0, tax: 0 });
  });

  it('rounds the net half up: 10.5 cents of net becomes 11', () => {
    // 1155 / 1.1 = 1050 exactly; 1156 / 1.1 = 1050.909… → 1051; 1160.5 is not an amount.
    expect(includedTax(1155, 1000)).toEqual({ gross: 1155, net: 1050, tax: 105 });
    expect(includedTax(1156, 1000)).toEqual({ gross: 1156, net: 1051, tax: 105 });
    // 6% SST of 1 ringgit 6 sen: 106 / 1.06 = 100.
    expect(includedTax(106, 600)).toEqual({ gross: 106, net: 100, tax: 6 });
  });

  it("gives each store's default rule its figure in the store's own minor units, net and tax adding up", () => {
    for (const country of COUNTRY_CODES) {
      const gross = convertKrwToMinor(399_000, country);
      const split = taxOf(gross, DEFAULT_TAX_RULES[country]);
      expect(split.net + split.tax, country).toBe(gross);
      if (country === 'kr') expect(split.tax).toBe(36_273);
      if (country === 'au') expect(split).toEqual({ gross: 43_491, net: 39_537, tax: 3954 });
      if (!DEFAULT_TAX_RULES[country].registered) expect(split.tax, `${country} (${COUNTRIES[country].currency}) is not registered`).toBe(0);
    }
  });

  it('shares a document\'s tax among its lines so that they add up to it exactly, whatever the amounts', () => {
    const lines = [19_900, 19_900, 19_900];
    const { total, lines: parts } = splitLines(lines, { registered: true, rateBasisPoints: 1000 });
    expect(parts.reduce((sum, line) => sum + line.tax, 0)).toBe(total.tax);
    expect(parts.map((line) => line.net + line.tax)).toEqual(lines);
    // 5427 split three ways: 1809 each; an odd one: the earlier line takes the extra unit.
    expect(shareByLargestRemainder(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(shareByLargestRemainder(7, [500, 300, 200])).toEqual([4, 2, 1]);
    for (let seed = 1; seed < 300; seed++) {
      const amounts = Array.from({ length: 1 + (seed % 7) }, (_, i) => ((seed * 7919 + i * 104_729) % 900_000) + 1);
      for (const rate of [1000, 600, 825, 1500]) {
        const split = splitLines(amounts, { registered: true, rateBasisPoints: rate });
        expect(split.lines.reduce((sum, line) => sum + line.tax, 0)).toBe(split.total.tax);
        expect(split.lines.every((line) => line.tax >= 0 && line.tax <= line.gross)).toBe(true);
      }
    }
  });

  it('says nothing about tax where the seller is not registered', () => {
    expect(taxLabelOf(DEFAULT_TAX_RULES.us)).toBeNull();
    expect(taxLabelOf(DEFAULT_TAX_RULES.au)).toEqual({ kind: 'gst', included: true });
    expect(taxLabelOf(DEFAULT_TAX_RULES.kr)).toEqual({ kind: 'vat', included: true });
  });
});

describe('tax ids by their issuers\' checks', () => {
  it('reads Korean business numbers by their check digit', () => {
    for (const valid of ['214-88-12345', '220-81-62517', '1208147521', '124 81 00998']) expect(isKoreanBusinessNumber(valid), valid).toBe(true);
    for (const invalid of ['214-88-12346', '220-81-62510', '123456789', '12345678901', 'abc-de-fghij', '']) expect(isKoreanBusinessNumber(invalid), invalid).toBe(false);
    expect(formatTaxId('kr_business', '2148812345')).toBe('214-88-12345');
  });

  it('reads ABNs by the ATO\'s modulus 89', () => {
    for (const valid of ['51 824 753 556', '53004085616', '33 102 417 032']) expect(isAbn(valid), valid).toBe(true);
    for (const invalid of ['51 824 753 557', '12 345 678 901', '5182475355', '']) expect(isAbn(invalid), invalid).toBe(false);
    expect(formatTaxId('abn', '51824753556')).toBe('51 824 753 556');
  });

  it("checks a buyer's tax id by the store's rule", () => {
    expect(isBuyerTaxId('kr', '214-88-12345')).toBe(true);
    expect(isBuyerTaxId('kr', '214-88-12346')).toBe(false);
    expect(isBuyerTaxId('au', '51 824 753 556')).toBe(true);
    expect(isBuyerTaxId('au', '51 824 753 557')).toBe(false);
    expect(isBuyerTaxId('my', 'W10-1808-31000123')).toBe(true);
    expect(isBuyerTaxId('vn', '0101243150')).toBe(true);
    expect(isBuyerTaxId('us', '<script>')).toBe(false);
  });
});

describe("Korea's evidence rules", () => {
  const paid = (paymentMethod: string, paidAt = new Date('2026-11-28T03:00:00Z')) => ({ country: 'kr' as const, paymentMethod, paidAt, status: 'order_received' });

  it('gives a card payment its card slip only: no cash receipt, no tax invoice', () => {
    expect(evidenceRefusal(paid('카드'), 'cash_receipt')).toBe('cardPayment');
    expect(evidenceRefusal(paid('sandbox card'), 'tax_invoice')).toBe('cardPayment');
  });

  it('lets a cash payment ask for a cash receipt or a tax invoice, in Korea only, once paid', () => {
    for (const method of ['계좌이체', '가상계좌', '간편결제', 'sandbox transfer']) {
      expect(evidenceRefusal(paid(method), 'cash_receipt')).toBeNull();
      expect(evidenceRefusal(paid(method), 'tax_invoice', new Date('2026-12-01T00:00:00Z'))).toBeNull();
    }
    expect(evidenceRefusal({ ...paid('계좌이체'), country: 'au' }, 'cash_receipt')).toBe('notKorea');
    expect(evidenceRefusal({ ...paid('계좌이체'), paidAt: null }, 'cash_receipt')).toBe('notPaid');
    expect(evidenceRefusal({ ...paid('계좌이체'), status: 'cancelled' }, 'tax_invoice')).toBe('notPaid');
    expect(evidenceRefusal(paid('휴대폰'), 'cash_receipt')).toBe('notCash');
  });

  it('takes a tax invoice request until the end of the 10th of the next month, Korea time', () => {
    // Paid at 23:30 on 30 November in Seoul (14:30 UTC): the deadline is the end of 10 December there.
    const paidAt = new Date('2026-11-30T14:30:00Z');
    expect(taxInvoiceDeadline(paidAt).toISOString()).toBe('2026-12-10T14:59:59.999Z');
    expect(evidenceRefusal(paid('계좌이체', paidAt), 'tax_invoice', new Date('2026-12-10T14:59:59Z'))).toBeNull();
    expect(evidenceRefusal(paid('계좌이체', paidAt), 'tax_invoice', new Date('2026-12-10T15:00:00Z'))).toBe('pastDeadline');
    // Paid on 1 December in Seoul (30 November UTC): the 10th of January.
    expect(taxInvoiceDeadline(new Date('2026-11-30T15:30:00Z')).toISOString()).toBe('2027-01-10T14:59:59.999Z');
    expect(taxInvoiceDeadline(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-10T14:59:59.999Z');
    // A cash receipt has no such deadline here.
    expect(evidenceRefusal(paid('계좌이체', paidAt), 'cash_receipt', new Date('2027-03-01T00:00:00Z'))).toBeNull();
  });
});
