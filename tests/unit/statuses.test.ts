import { describe, expect, it } from 'vitest';
import { BRIEF_STATUSES, ORDER_STATUSES, isBriefStatus, isOrderStatus, stoppedAt, timelineStates } from '../../src/domain/statuses.ts';

describe('order statuses (D3)', () => {
  it('has the lifecycle plus cancelled', () => {
    expect(ORDER_STATUSES).toEqual(['pending', 'quote_review', 'quoted', 'order_received', 'in_progress', 'draft_delivered', 'completed', 'cancelled']);
    expect(isOrderStatus('in_progress')).toBe(true);
    expect(isOrderStatus('shipped')).toBe(false);
  });

  it('marks earlier steps done, the current one current and later ones upcoming', () => {
    expect(timelineStates('in_progress').map((s) => s.state)).toEqual(['done', 'current', 'upcoming', 'upcoming']);
    expect(timelineStates('completed').map((s) => s.state)).toEqual(['done', 'done', 'done', 'current']);
  });

  it('follows the order\'s kind: a fixed-price order never shows the quote\'s steps, a consultation does (D28)', () => {
    for (const kind of ['package', 'template', 'service'] as const) {
      expect(timelineStates('order_received', kind).map((s) => [s.status, s.state])).toEqual([
        ['order_received', 'current'], ['in_progress', 'upcoming'], ['draft_delivered', 'upcoming'], ['completed', 'upcoming'],
      ]);
    }
    expect(timelineStates('quoted', 'consultation').map((s) => [s.status, s.state])).toEqual([
      ['quote_review', 'done'], ['quoted', 'current'], ['order_received', 'upcoming'], ['in_progress', 'upcoming'], ['draft_delivered', 'upcoming'], ['completed', 'upcoming'],
    ]);
  });

  it('keeps a cancelled order\'s steps up to where it stopped, from its history', () => {
    const paidThenCancelled = [{ to: 'pending' }, { to: 'order_received' }, { to: 'in_progress' }, { to: 'cancelled' }];
    expect(stoppedAt(paidThenCancelled, 'template')).toBe('in_progress');
    expect(timelineStates('cancelled', 'template', paidThenCancelled).map((s) => [s.status, s.state])).toEqual([
      ['order_received', 'done'], ['in_progress', 'done'], ['cancelled', 'stopped'],
    ]);
    // A declined quote stops at the quote; an unpaid order was cancelled before its timeline began.
    const declined = [{ to: 'quote_review' }, { to: 'quoted' }, { to: 'cancelled' }];
    expect(timelineStates('cancelled', 'consultation', declined).map((s) => s.status)).toEqual(['quote_review', 'quoted', 'cancelled']);
    expect(timelineStates('cancelled', 'service', [{ to: 'pending' }, { to: 'cancelled' }])).toEqual([{ status: 'cancelled', state: 'stopped' }]);
    // Staff moved it back before cancelling: the furthest step reached still counts.
    expect(stoppedAt([{ to: 'order_received' }, { to: 'draft_delivered' }, { to: 'in_progress' }, { to: 'cancelled' }], 'package')).toBe('draft_delivered');
  });

  it('reads a status outside the timeline as its first step (SPEC section 4)', () => {
    // @ts-expect-error: an unknown status does not type-check (the database refuses it too).
    expect(timelineStates('whatever', 'consultation')[0]).toEqual({ status: 'quote_review', state: 'current' });
    expect(timelineStates('pending')[0]).toEqual({ status: 'order_received', state: 'current' });
  });
});

describe('brief statuses', () => {
  it('are pending, in_review, approved, rejected', () => {
    expect(BRIEF_STATUSES).toEqual(['pending', 'in_review', 'approved', 'rejected']);
    expect(isBriefStatus('approved')).toBe(true);
    expect(isBriefStatus('done')).toBe(false);
  });
});
