/**
 * Staff's audit tab (issue 36): who changed what, when and from where, newest first, filtered by
 * group, who, order and period (Korea time, D19). Read-only: nobody can change the trail. An entry
 * shows its facts field by field (`auditFacts`), the same way for every action.
 */
import { Form, Link } from 'react-router';
import { AUDIT_GROUPS, auditFacts, type AuditFactValue } from '../../../domain/audit.ts';
import type { StaffAuditEvent, StaffAuditList } from '../../../domain/contract/admin.ts';
import type { CountryCode } from '../../../domain/countries.ts';
import { formatMinor } from '../../../domain/money.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRootData } from '../../store-context.ts';
import { FilterPills } from './filter-pills.tsx';
import { Pagination } from './pagination.tsx';
import { FilterActions, filterField, PeriodFilter } from './staff-filters.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function AdminAudit({ list, filters }: { list: StaffAuditList; filters: Record<string, string | undefined> }) {
  const { t } = useTranslation('admin');
  const { country } = useRootData();
  const keep = (group: string | null) => {
    const params = new URLSearchParams({ tab: 'audit' });
    for (const key of ['actor', 'order', 'from', 'to'] as const) if (filters[key]) params.set(key, filters[key]!);
    if (group) params.set('group', group);
    return `/${country}/admin?${params.toString()}`;
  };
  return (
    <div className="grid grid-cols-1 gap-4" data-admin-audit>
      <p className="text-sm text-slate-600">{t('audit.intro')}</p>
      <FilterPills
        label={t('audit.groupsLabel')}
        options={[null, ...AUDIT_GROUPS].map((group) => ({ key: group ?? 'all', label: group ? t(`audit.groups.${group}`) : t('audit.allGroups'), href: keep(group), current: (filters.group ?? null) === group }))}
      />
      <Form method="get" className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6" role="search">
        <input type="hidden" name="tab" value="audit" />
        {filters.group && <input type="hidden" name="group" value={filters.group} />}
        <label className="text-sm font-semibold lg:col-span-2">{t('audit.actor')}
          <input type="search" name="actor" defaultValue={filters.actor ?? ''} placeholder="staff@" autoComplete="off" className={filterField} />
        </label>
        <label className="text-sm font-semibold lg:col-span-2">{t('audit.order')}
          <input type="search" name="order" defaultValue={filters.order ?? ''} placeholder="SL-2611-4827-316" autoComplete="off" className={filterField} />
        </label>
        <PeriodFilter from={filters.from} to={filters.to} />
        <FilterActions tab="audit" />
      </Form>
      <p className="text-sm text-slate-600" aria-live="polite">{t('audit.total', { count: list.total })}</p>
      {list.events.length === 0 ? <p className="text-slate-600">{t('audit.empty')}</p> : (
        <ol className="grid gap-3" aria-label={t('tabs.audit')}>
          {list.events.map((event) => <AuditEntry key={event.id} event={event} />)}
        </ol>
      )}
      <Pagination page={list.page} pageSize={list.pageSize} total={list.total} />
    </div>
  );
}

function AuditEntry({ event }: { event: StaffAuditEvent }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const { country, lang } = useRootData();
  const time = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Asia/Seoul' });
  const facts = auditFacts(event.before, event.after);
  const value = (key: string, raw: AuditFactValue | undefined) => factText(key, raw, { t, tCommon, lang, event });
  return (
    <li className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 text-sm" data-audit-action={event.action}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold">{t(`audit.actions.${event.action}`)}</p>
        <p className="text-xs text-slate-600"><time dateTime={new Date(event.at).toISOString()}>{time.format(new Date(event.at))}</time> {t('kst')}</p>
      </div>
      <p className="mt-1 break-words text-slate-700">
        {event.actor.kind === 'staff' ? event.actor.email : t(`audit.actors.${event.actor.kind}`)}
        {event.actor.ip && <span className="text-slate-600"> · {t('audit.from', { ip: event.actor.ip })}</span>}
      </p>
      {event.actor.userAgent && <p className="truncate text-xs text-slate-500" title={event.actor.userAgent}>{event.actor.userAgent}</p>}
      <Subject event={event} country={country} />
      {facts.length > 0 && (
        <dl className="mt-2 grid gap-x-3 gap-y-1 rounded-xl bg-slate-50 p-3 sm:grid-cols-[minmax(8rem,auto)_1fr]">
          {facts.map((fact) => (
            <div key={fact.key} className="contents">
              <dt className="text-xs font-semibold text-slate-600 sm:text-sm">{t(`audit.fields.${fact.key}`, { defaultValue: fact.key })}</dt>
              <dd className="break-words tabular-nums">
                {fact.before !== undefined && fact.after !== undefined && JSON.stringify(fact.before) !== JSON.stringify(fact.after)
                  ? <>{value(fact.key, fact.before)} <span aria-hidden="true">→</span><span className="sr-only">{t('audit.changedTo')}</span> {value(fact.key, fact.after)}</>
                  : value(fact.key, fact.after ?? fact.before)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

function Subject({ event, country }: { event: StaffAuditEvent; country: string }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  if (event.order) {
    return (
      <p className="mt-1">
        <Link to={`/${country}/admin?tab=orders&order=${event.order.id}`} className="font-mono font-semibold text-brand-700 underline">{event.order.number}</Link>
      </p>
    );
  }
  // A user is named by their address now; an erased account by that fact alone.
  if (event.subject.type === 'user') return <p className="mt-1 text-slate-700">{event.subject.label ?? t('audit.deletedAccount')}</p>;
  if (event.subject.type === 'tax_rule' && event.subject.label) return <p className="mt-1 text-slate-700">{tCommon(`country.${event.subject.label}`)}</p>;
  return null;
}

/** A fact's value in words: statuses, amounts in the order's currency, yes and no, counts. */
function factText(key: string, raw: AuditFactValue | undefined, ctx: { t: Translate; tCommon: Translate; lang: string; event: StaffAuditEvent }): string {
  const { t, tCommon, lang, event } = ctx;
  if (raw === undefined || raw === null) return '—';
  if (typeof raw === 'boolean') return t(raw ? 'audit.yes' : 'audit.no');
  const store = event.order?.country as CountryCode | undefined;
  if (Array.isArray(raw)) {
    if (key === 'files') return t('audit.fileCount', { count: raw.length });
    if (key === 'lines') return raw.map((amount) => (typeof amount === 'number' && store ? formatMinor(amount, store) : String(amount))).join(' + ');
    if (key === 'registrations') return raw.map((r) => (typeof r === 'object' ? `${tCommon(`tax.registrations.${r.kind}`)} ${r.value}` : String(r))).join(', ') || '—';
    return raw.join(', ');
  }
  if (typeof raw === 'number') {
    if (key.endsWith('Minor') && store) return formatMinor(raw, store);
    if (key === 'rateBasisPoints') return `${raw / 100}%`;
    if (key === 'chars' || key.endsWith('Chars')) return t('audit.chars', { count: raw });
    return new Intl.NumberFormat(lang).format(raw);
  }
  switch (key) {
    case 'status': return event.action === 'brief.status' ? tCommon(`briefStatus.${raw}`) : tCommon(`orderStatus.${raw}`);
    case 'outcome': case 'method': case 'role': case 'purpose': case 'secondFactor': return t(`audit.values.${key}.${raw}`, { defaultValue: raw });
    case 'kind': return tCommon(`tax.names.${raw}`, { defaultValue: raw });
    case 'country': return tCommon(`country.${raw}`, { defaultValue: raw });
    case 'validUntil': return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'Asia/Seoul' }).format(new Date(raw));
    default: return raw;
  }
}
