/**
 * Each store's tax in the settings tab (issue 34): the rule in force, its versions with who saved
 * them, and an editor that saves a new version (registered or not, the tax's kind and rate, the
 * registrations papers show), checked as the server checks it for that store. Papers already issued
 * keep the rule they were issued under.
 */
import { useId, useState } from 'react';
import type { Built } from '../../../domain/contract/http.ts';
import type { taxSettings } from '../../../domain/contract/tax.ts';
import type { CountryCode } from '../../../domain/countries.ts';
import { REGISTRATION_KINDS, TAX_KINDS, type Registration, type TaxKind } from '../../../domain/tax/rules.ts';
import { schemaErrors } from '../../components/lazy-schema-resolver.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRootData } from '../../store-context.ts';
import { useStaffAction } from './staff-action.ts';

type Store = Built<typeof taxSettings>['stores'][number];
const field = 'mt-1 block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm';

/** 1000 basis points: "10". */
const percentOf = (basisPoints: number) => String(basisPoints / 100);

export function AdminTax({ stores }: { stores: Store[] }) {
  const { t } = useTranslation('admin');
  return (
    <section aria-labelledby="settings-tax" className="mt-6 grid max-w-3xl gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-settings-tax>
      <div>
        <h2 id="settings-tax" className="font-bold">{t('tax.heading')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('tax.note')}</p>
      </div>
      {stores.map((store) => <StoreTax key={store.country} store={store} />)}
    </section>
  );
}

function RuleSummary({ rule }: { rule: Store['rule'] }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation('common');
  if (!rule.registered) return <p className="text-sm text-slate-700">{t('tax.notRegistered')}</p>;
  return (
    <p className="text-sm text-slate-800">
      {tCommon(`tax.names.${rule.kind}`)} {percentOf(rule.rateBasisPoints)}% · {t('tax.included')}
      {rule.registrations.map((r) => <span key={`${r.kind}${r.value}`} className="block text-xs text-slate-600">{tCommon(`tax.registrations.${r.kind}`)} {r.value}</span>)}
    </p>
  );
}

function StoreTax({ store }: { store: Store }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation('common');
  const { lang } = useRootData();
  const [editing, setEditing] = useState(false);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' });
  return (
    <section aria-labelledby={`tax-${store.country}`} className="rounded-xl border border-slate-100 p-3" data-tax-store={store.country}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`tax-${store.country}`} className="text-sm font-semibold text-slate-700">{tCommon(`country.${store.country}`)} · /{store.country}</h3>
        {!editing && <button type="button" className="btn-secondary" onClick={() => setEditing(true)} data-edit-tax={store.country}>{t('tax.edit')}</button>}
      </div>
      {editing ? <TaxRuleForm store={store} onDone={() => setEditing(false)} /> : <RuleSummary rule={store.rule} />}
      <details className="mt-2 text-xs text-slate-600">
        <summary className="cursor-pointer">{t('tax.history')} ({store.history.length})</summary>
        {store.history.length === 0 ? <p className="mt-1">{t('tax.defaultRule')}</p> : (
          <ol className="mt-1 grid gap-1">
            {store.history.map((version) => (
              <li key={String(version.at)}>
                {t('tax.savedBy', { date: date.format(new Date(version.at)), by: version.by ?? '—' })}: {version.registered ? `${tCommon(`tax.names.${version.kind}`)} ${percentOf(version.rateBasisPoints)}%` : t('tax.notRegistered')}
              </li>
            ))}
          </ol>
        )}
      </details>
    </section>
  );
}

function TaxRuleForm({ store, onDone }: { store: Store; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation('common');
  const { t: tErrors } = useTranslation('errors');
  const act = useStaffAction();
  const id = useId();
  const [registered, setRegistered] = useState(store.rule.registered);
  const [kind, setKind] = useState<TaxKind>(store.rule.kind);
  const [rate, setRate] = useState(percentOf(store.rule.rateBasisPoints));
  const [registrations, setRegistrations] = useState<Registration[]>(store.rule.registrations);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const country = store.country as CountryCode;

  const body = () => ({ registered, kind, rateBasisPoints: Math.round(Number(rate) * 100), included: true, registrations });
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const found = await schemaErrors(async () => (await import('../../../domain/validation/tax.ts')).taxRuleSchemaFor(country), body(), tErrors);
    setErrors(found);
    if (!Object.keys(found).length && await act({ method: 'PUT', path: `/api/admin/tax/${country}`, body: body() }, { ok: () => t('tax.saved'), failed: () => t('tax.failed') })) onDone();
    setBusy(false);
  };
  const setRegistration = (index: number, change: Partial<Registration>) =>
    setRegistrations((list) => list.map((r, i) => (i === index ? { ...r, ...change } : r)));
  const error = (name: string) => errors[name] && <p role="alert" className="mt-1 text-xs text-red-700">{errors[name]}</p>;

  return (
    <form noValidate onSubmit={save} className="mt-2 grid gap-3 text-sm" data-tax-form={country}>
      <label className="flex items-center gap-2 font-semibold"><input type="checkbox" className="size-4 accent-brand-700" checked={registered} onChange={(event) => setRegistered(event.target.checked)} />{t('tax.registeredBox')}</label>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="font-semibold">{t('tax.kind')}
          <select value={kind} onChange={(event) => setKind(event.target.value as TaxKind)} className={field}>
            {TAX_KINDS.map((k) => <option key={k} value={k}>{tCommon(`tax.names.${k}`)}</option>)}
          </select>
        </label>
        <label className="font-semibold">{t('tax.rate')}
          <input type="number" min={0} max={30} step={0.01} inputMode="decimal" value={rate} onChange={(event) => setRate(event.target.value)} aria-invalid={errors.rateBasisPoints ? true : undefined} className={field} />
          {error('rateBasisPoints')}
        </label>
      </div>
      <p className="text-slate-600">{t('tax.included')}</p>
      <fieldset className="grid gap-2">
        <legend className="font-semibold">{t('tax.registrations')}</legend>
        {registrations.map((registration, index) => (
          <div key={index} className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
            <select aria-label={`${t('tax.registrations')} ${index + 1}`} value={registration.kind} onChange={(event) => setRegistration(index, { kind: event.target.value as Registration['kind'] })} className={field}>
              {REGISTRATION_KINDS.map((k) => <option key={k} value={k}>{tCommon(`tax.registrations.${k}`)}</option>)}
            </select>
            <div>
              <input aria-label={`${t('tax.value')} ${index + 1}`} id={`${id}-${index}`} value={registration.value} maxLength={60} onChange={(event) => setRegistration(index, { value: event.target.value })} aria-invalid={errors[`registrations.${index}.value`] ? true : undefined} className={field} />
              {error(`registrations.${index}.value`)}
            </div>
            <button type="button" className="btn-secondary" onClick={() => setRegistrations((list) => list.filter((_, i) => i !== index))}>{t('tax.remove')}</button>
          </div>
        ))}
        {error('registrations')}
        {registrations.length < 4 && <button type="button" className="btn-secondary justify-self-start" onClick={() => setRegistrations((list) => [...list, { kind: 'other', value: '' }])}>{t('tax.addRegistration')}</button>}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>{t('tax.save')}</button>
        <button type="button" className="btn-secondary" onClick={onDone}>{t('tax.cancel')}</button>
      </div>
    </form>
  );
}
