/**
 * Consultation pages /{country}/checkout6, 8 and 10-13 (SPEC sections 2 and 4): services priced
 * after a quote. The service, the four steps from brief to delivery, the free consultation, and a
 * button that starts it with the project brief (D17): a signed-in customer at once, a visitor
 * after signing in or choosing to continue as a guest. A brief left half-written reopens.
 */
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { Route } from './+types/consultation-page';
import { findService } from '../../../domain/catalog/services.ts';
import { CheckIcon } from '../../components/icons.tsx';
import { BackHome } from '../../components/back-home.tsx';
import { Picture } from '../../components/picture.tsx';
import { pageMeta } from '../../seo/page-meta.ts';
import { useRootData } from '../../store-context.ts';
import { useAuthDialog } from '../accounts/auth-provider.tsx';
import { draftKey, hasDraft } from '../briefs/brief-draft.ts';
import { serviceOfPath } from './service-of-path.ts';
import { useBriefDialog } from '../briefs/use-brief-dialog.tsx';

const STEPS = ['brief', 'quote', 'contract', 'delivery'] as const;

export async function loader({ request }: Route.LoaderArgs) {
  return { serviceId: serviceOfPath(request.url, 'consultation').id };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const service = loaderData ? findService(loaderData.serviceId) : undefined;
  return pageMeta(matches, {
    path: location.pathname.replace(/^\/[a-z]{2}/, ''),
    text: (t) => ({ title: service ? t(`catalog:services.${service.slug}.name`) : t('orders:consult.free'), description: service ? t(`catalog:services.${service.slug}.description`) : '' }),
  });
};

export default function ConsultationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('orders');
  const { t: tc } = useTranslation('catalog');
  const { user } = useRootData();
  const auth = useAuthDialog();
  const brief = useBriefDialog();
  const service = findService(loaderData.serviceId)!;
  const openBrief = () => brief.open({ flow: 'consultation', serviceId: service.id, serviceName: tc(`services.${service.slug}.name`), price: t('brief.quotePrice') });
  const start = () => (user ? openBrief() : auth.open({ onAuthenticated: openBrief, onGuest: openBrief }));
  // Someone who was writing the brief here finds it open again, as they left it.
  useEffect(() => {
    if (hasDraft(draftKey({ serviceId: service.id }))) openBrief();
  }, [service.id]);

  return (
    <div className="container-page py-10 sm:py-12">
      <BackHome />
      <div className="mt-6 grid gap-10 md:grid-cols-2 md:items-center">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t('consult.eyebrow')}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">{tc(`services.${service.slug}.name`)}</h1>
          <p className="mt-4 leading-relaxed text-slate-700">{tc(`services.${service.slug}.description`)}</p>
        </div>
        <Picture name={service.image} alt="" sizes="(min-width: 768px) 45vw, 92vw" priority imgClassName="aspect-[4/3] w-full rounded-3xl object-cover shadow-lg" />
      </div>

      <section aria-labelledby="steps" className="mt-12">
        <h2 id="steps" className="text-2xl font-bold">{t('consult.stepsTitle')}</h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step} className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="grid size-8 place-items-center rounded-full bg-brand-50 text-sm font-bold text-brand-800">{index + 1}</span>
              <h3 className="mt-3 font-semibold">{t(`consult.steps.${step}.title`)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(`consult.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="free" className="mt-12 rounded-3xl bg-brand-50 p-6 sm:p-10">
        <h2 id="free" className="text-2xl font-bold">{t('consult.free')}</h2>
        <ul className="mt-4 grid gap-2 text-slate-800">
          {(['1', '2', '3'] as const).map((n) => (
            <li key={n} className="flex gap-2"><CheckIcon className="mt-1 size-4 shrink-0 text-brand-700" aria-hidden="true" />{t(`consult.freePoints.${n}`)}</li>
          ))}
        </ul>
        <button type="button" className="btn-primary mt-6" data-start-consultation={service.id} onClick={start}>
          {t('consult.start')}
        </button>
        {!user && <p className="mt-3 text-sm text-slate-700">{t('consult.loginNote')}</p>}
      </section>
      {brief.dialog}
    </div>
  );
}
