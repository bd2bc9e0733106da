import { describe, expect, it } from 'vitest';
import { draftWindowOf } from '../../src/domain/orders.ts';

describe('when the first draft of a paid order is due', () => {
  it('is the service window for one service line', () => {
    expect(draftWindowOf([{ kind: 'service', ref: '3' }])).toEqual({ minDays: 2, maxDays: 5 });
  });
  it('is the slowest line of several', () => {
    expect(draftWindowOf([{ kind: 'service', ref: '1' }, { kind: 'service', ref: '3' }])).toEqual({ minDays: 2, maxDays: 5 });
    expect(draftWindowOf([{ kind: 'service', ref: '1' }, { kind: 'package', ref: 'social' }])).toEqual({ minDays: 3, maxDays: 14 });
  });
  it('counts a template as 1 to 5 days (SPEC section 9)', () => {
    expect(draftWindowOf([{ kind: 'template', ref: '1' }])).toEqual({ minDays: 1, maxDays: 5 });
    expect(draftWindowOf([{ kind: 'service', ref: '1' }, { kind: 'template', ref: '2' }])).toEqual({ minDays: 1, maxDays: 5 });
  });
  it('is unknown for quote-only services, unknown lines and no lines', () => {
    expect(draftWindowOf([{ kind: 'service', ref: '11' }])).toBeNull();
    expect(draftWindowOf([{ kind: 'service', ref: '999' }])).toBeNull();
    expect(draftWindowOf([{ kind: 'template', ref: '999' }])).toBeNull();
    expect(draftWindowOf([])).toBeNull();
  });
});
