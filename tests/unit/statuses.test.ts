import { describe, expect, it } from 'vitest';
import { BRIEF_STATUSES, ORDER_STATUSES, isBriefStatus, isOrderStatus, timelineStates } from '../../src/domain/statuses.ts';

describe('order statuses (D3)', () => {
  it('has the lifecycle plus cancelled', () => {
    expect(ORDER_STATUSES).toEqual(['pending', 'quote_review', 'quoted', 'order_received', 'in_progress', 'draft_delivered', 'completed', 'cancelled']);
    expect(isOrderStatus('in_progress')).toBe(true);
    expect(isOrderStatus('shipped')).toBe(false);
  });

  it('marks earlier steps done, the current one current and later ones upcoming', () => {
    expect(timelineStates('in_progress').map((s) => s.state)).toEqual(['done', 'done', 'current', 'upcoming', 'upcoming']);
    expect(timelineStates('completed').map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'current']);
  });

  it('gives a consultation the quote\'s own step (D28)', () => {
    expect(timelineStates('quoted', 'consultation').map((s) => [s.status, s.state])).toEqual([
      ['quote_review', 'done'], ['quoted', 'current'], ['order_received', 'upcoming'], ['in_progress', 'upcoming'], ['draft_delivered', 'upcoming'], ['completed', 'upcoming'],
    ]);
    expect(timelineStates('order_received', 'template').map((s) => s.status)).not.toContain('quoted');
  });

  it('reads an unknown status as quote_review (SPEC section 4)', () => {
    // @ts-expect-error: an unknown status does not type-check (the database refuses it too).
    expect(timelineStates('whatever')[0]).toEqual({ status: 'quote_review', state: 'current' });
    expect(timelineStates('pending')[0]?.state).toBe('current');
  });
});

describe('brief statuses', () => {
  it('are pending, in_review, approved, rejected', () => {
    expect(BRIEF_STATUSES).toEqual(['pending', 'in_review', 'approved', 'rejected']);
    expect(isBriefStatus('approved')).toBe(true);
    expect(isBriefStatus('done')).toBe(false);
  });
});
