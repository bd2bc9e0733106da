/**
 * The audit trail's words (issue 36): every action, group, actor, field and value the staff tab
 * shows has its label in all five languages, and an entry's facts are read in one fixed order
 * whatever order the database kept them in.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_FACT_ORDER, AUDIT_GROUPS, auditFacts } from '../../src/domain/audit.ts';
import { LANGUAGES } from '../../src/i18n/config.ts';
import { catalogs } from './support/catalogs.ts';

describe('the audit trail', () => {
  it.each(LANGUAGES)('names every action, group, actor and field in %s', (lang) => {
    const admin = catalogs[lang].admin!;
    const keys = [
      'tabs.audit',
      ...AUDIT_ACTIONS.map((action) => `audit.actions.${action}`),
      ...AUDIT_GROUPS.map((group) => `audit.groups.${group}`),
      ...['system', 'customer', 'linkHolder'].map((kind) => `audit.actors.${kind}`),
      ...AUDIT_FACT_ORDER.map((field) => `audit.fields.${field}`),
      ...['cancelled', 'refund_requested'].map((v) => `audit.values.outcome.${v}`),
      ...['password', 'google'].map((v) => `audit.values.method.${v}`),
      ...['admin', 'customer'].map((v) => `audit.values.role.${v}`),
      ...['draft', 'final', 'reference'].map((v) => `audit.values.purpose.${v}`),
      ...['totp', 'recovery_code'].map((v) => `audit.values.secondFactor.${v}`),
    ];
    expect(keys.filter((key) => !admin.get(key)?.trim())).toEqual([]);
  });

  it('reads facts in a fixed order, hides the currency, and keeps a field only one side has', () => {
    const facts = auditFacts({ refundedMinor: 0, status: 'in_progress', amountMinor: 95_000 }, { refundId: 'r1', currency: 'KRW', outcome: 'refund_requested', refundMinor: 40_000 });
    expect(facts.map((f) => f.key)).toEqual(['outcome', 'status', 'amountMinor', 'refundedMinor', 'refundMinor', 'refundId']);
    expect(facts.find((f) => f.key === 'status')).toEqual({ key: 'status', before: 'in_progress', after: undefined });
    expect(auditFacts(null, { zeta: 1, alpha: 2, status: 'x' }).map((f) => f.key)).toEqual(['status', 'alpha', 'zeta']);
    expect(auditFacts(null, null)).toEqual([]);
  });
});
