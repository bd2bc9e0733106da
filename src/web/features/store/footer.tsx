import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'react-router';
import { COMPANY } from '../../../domain/site.ts';
import { ClockIcon, MailIcon, PhoneIcon } from '../../components/icons.tsx';
import { useStore } from '../../store-context.ts';
import { Logo } from './logo.tsx';

export function Footer() {
  const { t } = useTranslation();
  const { country, lang } = useStore();
  const year = new Date().getFullYear();
  const links = [
    { to: `/${country}#home`, label: t('nav.home') },
    { to: `/${country}#portfolio`, label: t('nav.portfolio') },
    { to: `/${country}#pricing`, label: t('nav.pricing') },
    { to: `/${country}/templateshop`, label: t('nav.templates') },
    { to: `/${country}#contact`, label: t('nav.contact') },
    { to: `/${country}/terms`, label: t('footer.terms') },
  ];
  return (
    <footer className="later-section bg-slate-950 text-slate-300">
      <div className="container-page grid gap-10 py-14 md:grid-cols-[1.4fr_1fr_1fr]">
        <div>
          <div className="text-white">
            <Logo />
          </div>
          <p className="mt-4 max-w-sm text-sm leading-relaxed">{t('footer.tagline')}</p>
          <h2 className="mt-8 text-sm font-semibold text-white">{t('footer.companyHeading')}</h2>
          <address className="mt-3 space-y-1 text-sm not-italic leading-relaxed text-slate-400">
            <p>{t('footer.companyName')} · {t('footer.ceo')}</p>
            <p>{t('footer.registration', { number: COMPANY.registrationNumber })}</p>
            {/* Hangul in Korean, romanised where a reader cannot read Hangul (issue 33, item 16). */}
            <p>{t('footer.mailOrder', { number: lang === 'ko' ? COMPANY.mailOrderNumber : COMPANY.mailOrderNumberLatin })}</p>
            <p>{t('footer.address')}</p>
          </address>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">{t('footer.contactHeading')}</h2>
          <ul className="mt-3 space-y-3 text-sm">
            <li className="flex items-start gap-2">
              <ClockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span><span className="sr-only">{t('labelOnly', { label: t('footer.hours') })}</span>{t('footer.hoursValue')}</span>
            </li>
            <li className="flex items-start gap-2">
              <PhoneIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {t('footer.phoneKorea')} <a className="underline-offset-2 hover:underline" href={`tel:${COMPANY.phones.korea.tel}`}>{COMPANY.phones.korea.display}</a>
                <br />
                {t('footer.phoneGlobal')} <a className="underline-offset-2 hover:underline" href={`tel:${COMPANY.phones.global.tel}`}>{COMPANY.phones.global.display}</a>
              </span>
            </li>
            <li className="flex items-start gap-2">
              <MailIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <a className="underline-offset-2 hover:underline" href={`mailto:${COMPANY.email}`}>
                <span className="sr-only">{t('labelOnly', { label: t('footer.email') })}</span>{COMPANY.email}
              </a>
            </li>
          </ul>
        </div>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-sm font-semibold text-white">{t('footer.linksHeading')}</h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 text-sm md:grid-cols-1">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-10 items-center hover:text-white">{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="container-page py-6 text-xs text-slate-400">{t('footer.rights', { year })}</p>
      </div>
    </footer>
  );
}
