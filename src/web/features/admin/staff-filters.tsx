/** The pieces every staff list's filter form shares: the store, the period (Korea time, D19), apply and reset. */
import { Link } from 'react-router';
import { COUNTRY_CODES } from '../../../domain/countries.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRootData } from '../../store-context.ts';

export const filterField = 'mt-1 block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm';

export function StoreFilter({ value }: { value: string | undefined }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  return (
    <label className="text-sm font-semibold">{t('orders.country')}
      <select name="country" defaultValue={value ?? ''} className={filterField}>
        <option value="">{t('orders.allCountries')}</option>
        {COUNTRY_CODES.map((c) => <option key={c} value={c}>{tCommon(`country.${c}`)}</option>)}
      </select>
    </label>
  );
}

export function PeriodFilter({ from, to }: { from: string | undefined; to: string | undefined }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <label className="text-sm font-semibold">{t('orders.from')}<input type="date" name="from" defaultValue={from ?? ''} className={filterField} /></label>
      <label className="text-sm font-semibold">{t('orders.to')}<input type="date" name="to" defaultValue={to ?? ''} className={filterField} /></label>
    </>
  );
}

export function FilterActions({ tab, children }: { tab: string; children?: React.ReactNode }) {
  const { t } = useTranslation('admin');
  const { country } = useRootData();
  return (
    <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-6">
      <button type="submit" className="btn-primary">{t('orders.apply')}</button>
      <Link to={`/${country}/admin?tab=${tab}`} className="btn-secondary">{t('orders.reset')}</Link>
      {children}
    </div>
  );
}
