import { useTranslation } from '../../i18n/react.tsx';
import { RevisionIcon, ShieldIcon, WalletIcon, ZapIcon } from '../../components/icons.tsx';

const FEATURES = [
  { key: 'cheaper', Icon: WalletIcon },
  { key: 'fast', Icon: ZapIcon },
  { key: 'quality', Icon: RevisionIcon },
  { key: 'rights', Icon: ShieldIcon },
] as const;

export function ServicesSection() {
  const { t } = useTranslation('home');
  return (
    <section id="services" aria-labelledby="services-title" className="py-20">
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="services-title" className="section-title">{t('services.title')}</h2>
          <p className="section-lead">{t('services.subtitle')}</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-bold">{t(`services.items.${key}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{t(`services.items.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
