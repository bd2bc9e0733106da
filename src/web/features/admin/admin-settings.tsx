/** The settings tab: what the configuration says about payments, files and mail, and the version (read-only). */
import { useTranslation } from 'react-i18next';

interface Settings { provider: 'sandbox' | 'toss'; test: boolean; reachable: boolean; storage: 'local' | 's3'; mail: 'smtp' | 'outbox'; version: string }

export function AdminSettings({ settings }: { settings: Settings }) {
  const { t } = useTranslation('admin');
  const rows: Array<[string, string, boolean?]> = [
    [t('settings.provider'), t(`settings.${settings.provider}`)],
    [t('settings.mode'), t(settings.test ? 'settings.test' : 'settings.live')],
    [t('settings.connection'), settings.provider === 'sandbox' ? t('settings.builtIn') : t(settings.reachable ? 'settings.reachable' : 'settings.unreachable'), settings.reachable],
    [t('settings.storage'), t(`settings.${settings.storage}`)],
    [t('settings.mail'), t(`settings.${settings.mail}`)],
    [t('settings.version'), `v${settings.version}`],
  ];
  return (
    <section aria-labelledby="settings-payments" className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="settings-payments" className="font-bold">{t('settings.payments')}</h2>
      <dl className="mt-3 divide-y divide-slate-100 text-sm" data-settings>
        {rows.map(([label, value, ok]) => (
          <div key={label} className="flex flex-wrap justify-between gap-2 py-2.5">
            <dt className="text-slate-600">{label}</dt>
            <dd className={`font-semibold ${ok === false ? 'text-red-700' : ''}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
