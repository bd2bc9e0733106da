/**
 * The settings tab (read-only): each store's payment methods with the provider behind each and its
 * state (keys set or the sandbox standing in, test or live, reachable, webhook ready), then files,
 * mail and the build running (its version, commit and build time). Never a key.
 */
import { useTranslation } from '../../i18n/react.tsx';
import type { CountryCode } from '../../../domain/countries.ts';
import type { PaymentChoice, ProviderName } from '../../../domain/payments.ts';
import { useRootData } from '../../store-context.ts';
import { MethodMark } from '../checkout/payment-methods.tsx';

interface ProviderState {
  choice: PaymentChoice;
  name: ProviderName;
  configured: boolean;
  test: boolean;
  webhookReady: boolean | null;
  reachable: boolean;
}

interface Settings {
  stores: Array<{ country: CountryCode; choices: ProviderState[] }>;
  storage: 'local' | 's3';
  mail: 'smtp' | 'outbox';
  version: string;
  commit: string | null;
  builtAt: string | null;
}

function Badge({ tone, children }: { tone: 'ok' | 'warn' | 'bad' | 'plain'; children: string }) {
  const tones = { ok: 'bg-emerald-50 text-emerald-800', warn: 'bg-amber-50 text-amber-900', bad: 'bg-red-50 text-red-800', plain: 'bg-slate-100 text-slate-700' };
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

export function AdminSettings({ settings }: { settings: Settings }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation('common');
  const { lang } = useRootData();
  // Staff's clock is Korea's (D19), as everywhere in the staff area.
  const kst = (iso: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' }).format(new Date(iso));
  const system: Array<[string, string]> = [
    [t('settings.storage'), t(`settings.${settings.storage}`)],
    [t('settings.mail'), t(`settings.${settings.mail}`)],
    [t('settings.version'), `v${settings.version}`],
    [t('settings.commit'), settings.commit ?? t('settings.notKnown')],
    [t('settings.builtAt'), settings.builtAt ? t('settings.builtAtValue', { date: kst(settings.builtAt) }) : t('settings.notKnown')],
  ];
  return (
    <div className="grid max-w-3xl gap-6">
      <section aria-labelledby="settings-payments" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="settings-payments" className="font-bold">{t('settings.payments')}</h2>
        <div className="mt-3 grid gap-4" data-settings-payments>
          {settings.stores.map(({ country, choices }) => (
            <section key={country} aria-labelledby={`settings-store-${country}`} data-settings-store={country}>
              <h3 id={`settings-store-${country}`} className="text-sm font-semibold text-slate-700">{tCommon(`country.${country}`)} · /{country}</h3>
              <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-100">
                {choices.map((state) => (
                  <li key={state.choice} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5 text-sm" data-settings-method={state.choice}>
                    <MethodMark choice={state.choice} />
                    <span className="min-w-24 font-semibold">{tCommon(`payment.methods.${state.choice}`)}</span>
                    <span className="text-slate-600">{t(`settings.providers.${state.name}`)}</span>
                    <span className="flex flex-wrap gap-1.5 sm:ml-auto">
                      {state.configured
                        ? <Badge tone={state.test ? 'warn' : 'ok'}>{t(state.test ? 'settings.test' : 'settings.live')}</Badge>
                        : <Badge tone="warn">{t('settings.sandboxBadge')}</Badge>}
                      {state.configured && <Badge tone={state.reachable ? 'ok' : 'bad'}>{t(state.reachable ? 'settings.reachable' : 'settings.unreachable')}</Badge>}
                      {state.webhookReady !== null && <Badge tone={state.webhookReady ? 'ok' : 'bad'}>{t(state.webhookReady ? 'settings.webhookReady' : 'settings.webhookMissing')}</Badge>}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>
      <section aria-labelledby="settings-system" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="settings-system" className="font-bold">{t('settings.system')}</h2>
        <dl className="mt-3 divide-y divide-slate-100 text-sm" data-settings>
          {system.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-2 py-2.5">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
