import { useTranslation } from '../../i18n/react.tsx';
import type { ServiceDefinition } from '../../../domain/catalog/services.ts';
import { CheckIcon, ClockIcon, RevisionIcon, ShieldIcon } from '../../components/icons.tsx';
import { Modal } from '../../components/modal.tsx';
import { Picture } from '../../components/picture.tsx';
import { useCatalogText } from '../../components/use-catalog-text.ts';
import { useRootData } from '../../store-context.ts';
import { Link, useNavigate } from 'react-router';
import { INCLUDED_IMAGES } from '../../../domain/catalog/services.ts';
import { useAuthDialog } from '../accounts/auth-provider.tsx';
import { useCart } from '../cart/cart-provider.tsx';

/** A service's details (SPEC section 2): features, price, delivery, revisions, refund policy (D2). */
export function ServiceDialog({ service, onClose }: { service: ServiceDefinition | null; onClose: () => void }) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation('catalog');
  const text = useCatalogText();
  const { country, user, tax } = useRootData();
  const auth = useAuthDialog();
  const cart = useCart();
  const navigate = useNavigate();
  return (
    <Modal open={service !== null} onClose={onClose} labelledBy="service-dialog-title">
      {service && (
        <article>
          <Picture name={service.image} alt="" sizes="(min-width: 672px) 672px, 100vw" imgClassName="aspect-[4/3] max-h-72 w-full object-cover" />
          <div className="p-6 sm:p-8">
            <h2 id="service-dialog-title" className="text-2xl font-bold">{tc(`services.${service.slug}.name`)}</h2>
            <p className="mt-2 text-muted">{tc(`services.${service.slug}.description`)}</p>

            <div className="mt-5 rounded-2xl bg-brand-50 p-4">
              <p className="text-sm font-medium text-brand-800">{t('dialog.price')}</p>
              <p className="mt-1 text-2xl font-extrabold">{text.servicePrice(service)}</p>
              {service.pricing.kind === 'fixed' && (
                <p className="mt-1 text-sm text-slate-700">
                  {[text.includedImages(service), text.extraImage(service), tax?.label].filter(Boolean).join(' · ')}
                </p>
              )}
            </div>

            <h3 className="mt-6 font-semibold">{t('dialog.features')}</h3>
            <ul className="mt-2 space-y-2">
              {(['1', '2', '3'] as const).map((n) => (
                <li key={n} className="flex gap-2 text-sm">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  {tc(`services.${service.slug}.features.${n}`)}
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-slate-600">{tc(`services.${service.slug}.options`)}</p>

            <dl className="mt-6 grid gap-3 sm:grid-cols-2">
              <div className="rounded-2xl border border-slate-200 p-4">
                <dt className="flex items-center gap-2 text-sm text-slate-600">
                  <ClockIcon className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  {t('dialog.delivery')}
                </dt>
                <dd className="mt-1 font-semibold">{text.delivery(service.delivery)}</dd>
              </div>
              <div className="rounded-2xl border border-slate-200 p-4">
                <dt className="flex items-center gap-2 text-sm text-slate-600">
                  <RevisionIcon className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  {t('dialog.revisions')}
                </dt>
                <dd className="mt-1 font-semibold">{text.revisions(service)}</dd>
              </div>
            </dl>

            <section aria-labelledby="service-policy" className="mt-6 rounded-2xl bg-slate-50 p-4 text-sm">
              <h3 id="service-policy" className="flex items-center gap-2 font-semibold">
                <ShieldIcon className="size-4 text-brand-700" aria-hidden="true" />
                {t('dialog.policyTitle')}
              </h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
                <li>{t('policy.fullRefund')}</li>
                <li>{t('policy.halfRefund')}</li>
                <li>{t('policy.noRefund')}</li>
                <li>{t('policy.revisions')}</li>
              </ul>
              <Link to={`/${country}/terms`} className="mt-2 inline-block font-medium text-brand-800 underline underline-offset-2">
                {t('policy.readTerms')}
              </Link>
            </section>

            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <button type="button" className="btn-secondary" onClick={onClose}>{t('dialog.close')}</button>
              {/* Services with a checkout page are ordered there in every store (D26); quote-only
                  services have their consultation page (every service has one or the other). */}
              {service.hasCheckout ? (
                user ? (
                  <Link to={`/${country}/checkout${service.id}`} className="btn-primary" data-order-service={service.id}>{t('dialog.order')}</Link>
                ) : (
                  // SPEC section 4: sign in (then the checkout page) or buy as a guest (the checkout dialog).
                  <button
                    type="button"
                    className="btn-primary"
                    data-order-service={service.id}
                    onClick={() => {
                      const id = service.id;
                      onClose();
                      auth.open({
                        onAuthenticated: () => void navigate(`/${country}/checkout${id}`),
                        onGuest: () => cart.checkout({ kind: 'service', serviceId: id, quantity: INCLUDED_IMAGES }, { asGuest: true }),
                      });
                    }}
                  >
                    {t('dialog.order')}
                  </button>
                )
              ) : (
                // A quote-only service: its consultation page explains the steps and opens the brief.
                <Link to={`/${country}/checkout${service.id}`} className="btn-primary" data-consult-service={service.id}>{t('dialog.requestQuote')}</Link>
              )}
            </div>
          </div>
        </article>
      )}
    </Modal>
  );
}
