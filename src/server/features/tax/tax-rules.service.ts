/**
 * Each store's tax rule (issue 34): the latest version staff saved, else the default. Read on
 * every page (the price labels), so the current rules are kept in memory, read at start and again
 * every minute: a change made here is seen at once, one made by another instance within a minute.
 * Papers never use this copy: the statement that issues them reads the rule in its transaction.
 */
import { desc, eq } from 'drizzle-orm';
import type { StaffActor } from '../../../domain/audit.ts';
import { COUNTRY_CODES, type CountryCode } from '../../../domain/countries.ts';
import { DEFAULT_TAX_RULES, type TaxRule } from '../../../domain/tax/rules.ts';
import type { TaxRuleInput } from '../../../domain/validation/tax.ts';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../audit/audit.ts';
import { taxRules, users } from '../../db/schema.ts';

export interface TaxRuleVersion extends TaxRule {
  at: Date;
  /** Who saved it (an e-mail); null for the default and for an account since deleted. */
  by: string | null;
}

export interface TaxRules {
  /** The store's rule now. */
  current(country: CountryCode): Promise<TaxRule>;
  /** Every store's rule now, and each store's versions, newest first. */
  all(): Promise<Array<{ country: CountryCode; rule: TaxRule; history: TaxRuleVersion[] }>>;
  /** Saves a new version of a store's rule, by a staff member, with its audit row. */
  set(country: CountryCode, rule: TaxRuleInput, actor: StaffActor): Promise<TaxRule>;
  /** Reads the current rules again: at start, and then every minute (no page waits on the database for them). */
  refresh(): Promise<void>;
}

const ruleOf = (row: typeof taxRules.$inferSelect): TaxRule => ({
  registered: row.registered, kind: row.kind, rateBasisPoints: row.rateBasisPoints, included: row.included, registrations: row.registrations,
});

/** A store's rule now, read in the caller's transaction (a credit note's, when its order has no receipt). */
export async function storeRuleNow(db: Database, country: CountryCode): Promise<TaxRule> {
  const [row] = await db.select().from(taxRules).where(eq(taxRules.country, country)).orderBy(desc(taxRules.createdAt), desc(taxRules.id)).limit(1);
  return row ? ruleOf(row) : DEFAULT_TAX_RULES[country];
}

const auditedRule = (rule: TaxRule) => ({
  registered: rule.registered, kind: rule.kind, rateBasisPoints: rule.rateBasisPoints, included: rule.included,
  registrations: rule.registrations.map((r) => ({ kind: r.kind, value: r.value })),
});

export function createTaxRules(db: Database): TaxRules {
  let known: Record<CountryCode, TaxRule> | null = null;
  let loading: Promise<Record<CountryCode, TaxRule>> | null = null;

  async function load(): Promise<Record<CountryCode, TaxRule>> {
    // The latest row of each store (a handful of rows per store: history is kept, never pruned).
    const rows = await db.selectDistinctOn([taxRules.country]).from(taxRules).orderBy(taxRules.country, desc(taxRules.createdAt), desc(taxRules.id));
    const rules = { ...DEFAULT_TAX_RULES } as Record<CountryCode, TaxRule>;
    for (const row of rows) rules[row.country] = ruleOf(row);
    known = rules;
    return rules;
  }

  /** Reads them again (at start, then every minute: another instance's change is seen that late). */
  const refresh = async () => {
    loading ??= load().finally(() => { loading = null; });
    await loading;
  };

  async function rules(): Promise<Record<CountryCode, TaxRule>> {
    if (known) return known;
    await refresh();
    return known!;
  }

  return {
    current: async (country) => (await rules())[country],
    async all() {
      const [now, rows] = await Promise.all([
        rules(),
        db.select({ row: taxRules, by: users.email }).from(taxRules).leftJoin(users, eq(users.id, taxRules.changedByUserId)).orderBy(desc(taxRules.createdAt), desc(taxRules.id)),
      ]);
      return COUNTRY_CODES.map((country) => ({
        country,
        rule: now[country],
        history: rows.filter(({ row }) => row.country === country).map(({ row, by }) => ({ ...ruleOf(row), at: row.createdAt, by })),
      }));
    },
    async set(country, rule, actor) {
      const saved = await db.transaction(async (tx) => {
        const before = await storeRuleNow(tx as unknown as Database, country);
        const [row] = await tx.insert(taxRules).values({ country, ...rule, changedByUserId: actor.userId }).returning();
        const after = ruleOf(row!);
        await recordAudit(tx as unknown as Database, actor, { action: 'settings.tax_rule', subjectType: 'tax_rule', subjectId: country, before: auditedRule(before), after: auditedRule(after) });
        return after;
      });
      if (known) known = { ...known, [country]: saved };
      return saved;
    },
    refresh,
  };
}
