import { describe, expect, it } from 'vitest';
import { customerCancel, staffCancel } from '../../src/domain/refunds.ts';

const paid = new Date('2026-11-01T00:00:00Z');

describe('staffCancel (D2, D21)', () => {
  it('allows a full refund before work starts, half while it runs, nothing after the draft', () => {
    expect(staffCancel({ status: 'order_received', paidAt: paid, amountMinor: 95_000 })).toEqual({ kind: 'cancel', maxPercent: 100, maxMinor: 95_000 });
    expect(staffCancel({ status: 'in_progress', paidAt: paid, amountMinor: 95_001 })).toEqual({ kind: 'cancel', maxPercent: 50, maxMinor: 47_500 });
    expect(staffCancel({ status: 'draft_delivered', paidAt: paid, amountMinor: 95_000 })).toEqual({ kind: 'cancel', maxPercent: 0, maxMinor: 0 });
    expect(staffCancel({ status: 'completed', paidAt: paid, amountMinor: 95_000 })).toEqual({ kind: 'cancel', maxPercent: 0, maxMinor: 0 });
  });

  it('cancels unpaid orders without a refund and leaves cancelled ones alone', () => {
    expect(staffCancel({ status: 'pending', paidAt: null, amountMinor: 95_000 })).toEqual({ kind: 'cancel', maxPercent: 0, maxMinor: 0 });
    expect(staffCancel({ status: 'quote_review', paidAt: null, amountMinor: 0 })).toEqual({ kind: 'cancel', maxPercent: 0, maxMinor: 0 });
    expect(staffCancel({ status: 'cancelled', paidAt: paid, amountMinor: 95_000 })).toEqual({ kind: 'none' });
  });
});

describe('customerCancel (D21)', () => {
  it('refunds in full within three days, then hands the request to staff, never once work started', () => {
    const now = new Date('2026-11-03T23:00:00Z');
    expect(customerCancel({ status: 'order_received', paidAt: paid }, now)).toEqual({ kind: 'refund', percent: 100 });
    expect(customerCancel({ status: 'order_received', paidAt: paid }, new Date('2026-11-04T00:00:01Z'))).toEqual({ kind: 'request' });
    expect(customerCancel({ status: 'order_received', paidAt: paid, cancelRequestedAt: now }, new Date('2026-11-05T00:00:00Z'))).toEqual({ kind: 'none' });
    expect(customerCancel({ status: 'in_progress', paidAt: paid }, now)).toEqual({ kind: 'none' });
    expect(customerCancel({ status: 'pending', paidAt: null }, now)).toEqual({ kind: 'cancel' });
  });
});
