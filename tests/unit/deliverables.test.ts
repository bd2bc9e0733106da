import { describe, expect, it } from 'vitest';
import { draftReview, freeRevisions, isDeliverablePurpose } from '../../src/domain/deliverables.ts';

const DAY = 24 * 60 * 60 * 1000;
const delivered = new Date('2026-11-01T03:00:00Z');

describe('freeRevisions (SPEC section 9)', () => {
  it('takes the service count, one for packages and templates, and the most generous line', () => {
    expect(freeRevisions([{ kind: 'service', ref: '1' }])).toBe(1);
    expect(freeRevisions([{ kind: 'package', ref: 'social' }])).toBe(1);
    expect(freeRevisions([{ kind: 'template', ref: '3' }, { kind: 'template', ref: '4' }])).toBe(1);
    expect(freeRevisions([{ kind: 'service', ref: '11' }])).toBe(2);
    expect(freeRevisions([{ kind: 'template', ref: '3' }, { kind: 'service', ref: '11' }])).toBe(2);
  });

  it('has no counted limit when a line is agreed per project', () => {
    expect(freeRevisions([{ kind: 'service', ref: '6' }])).toBeNull();
  });
});

describe('draftReview (terms: revisions within 7 days of the draft)', () => {
  const at = (offset: number) => new Date(delivered.getTime() + offset);

  it('opens approval and a free revision while the draft waits', () => {
    expect(draftReview({ status: 'draft_delivered', draftDeliveredAt: delivered, revisionsUsed: 0 }, 1, at(DAY)))
      .toEqual({ deadline: at(7 * DAY), canApprove: true, canRevise: true, free: 1, used: 0, refusal: null });
  });

  it('closes revisions at the end of the seventh day to the millisecond, but not approval', () => {
    expect(draftReview({ status: 'draft_delivered', draftDeliveredAt: delivered, revisionsUsed: 0 }, 1, at(7 * DAY)).canRevise).toBe(true);
    expect(draftReview({ status: 'draft_delivered', draftDeliveredAt: delivered, revisionsUsed: 0 }, 1, at(7 * DAY + 1)))
      .toMatchObject({ canApprove: true, canRevise: false, refusal: 'REVIEW_WINDOW_CLOSED' });
  });

  it('refuses a revision past the free ones, unless they are agreed per project', () => {
    expect(draftReview({ status: 'draft_delivered', draftDeliveredAt: delivered, revisionsUsed: 1 }, 1, at(DAY)))
      .toMatchObject({ canApprove: true, canRevise: false, refusal: 'NO_FREE_REVISIONS' });
    expect(draftReview({ status: 'draft_delivered', draftDeliveredAt: delivered, revisionsUsed: 5 }, null, at(DAY)).canRevise).toBe(true);
  });

  it('offers nothing when no draft waits', () => {
    for (const status of ['in_progress', 'completed', 'cancelled'] as const) {
      expect(draftReview({ status, draftDeliveredAt: delivered, revisionsUsed: 0 }, 1, at(DAY))).toMatchObject({ canApprove: false, canRevise: false, refusal: 'NOT_DELIVERED' });
    }
    expect(draftReview({ status: 'draft_delivered', draftDeliveredAt: null, revisionsUsed: 0 }, 1)).toMatchObject({ deadline: null, canRevise: false, refusal: 'NOT_DELIVERED' });
  });

  it('knows the purposes staff may deliver', () => {
    expect(['draft', 'final', 'reference', 'x'].map(isDeliverablePurpose)).toEqual([true, true, false, false]);
  });
});
