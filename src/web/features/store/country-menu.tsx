import { useTranslation } from '../../i18n/react.tsx';
import { Link, useLocation } from 'react-router';
import { COUNTRY_CODES, COUNTRIES, type CountryCode } from '../../../domain/countries.ts';
import { COUNTRY_COOKIE } from '../../../i18n/config.ts';
import { Disclosure } from '../../components/disclosure.tsx';
import { useStore } from '../../store-context.ts';
import { GlobeIcon, CheckIcon } from '../../components/icons.tsx';
import { rememberCookie } from './cookies.ts';

/** The same page in another store: replace the country prefix and keep the rest (SPEC section 2). */
export function switchCountryPath(pathname: string, search: string, hash: string, to: CountryCode): string {
  const [, , ...rest] = pathname.split('/');
  const tail = rest.join('/');
  return `/${to}${tail ? `/${tail}` : ''}${search}${hash}`;
}

export function CountryMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { country } = useStore();
  const location = useLocation();
  return (
    <Disclosure
      ariaLabel={t('labelled', { label: t('country.label'), value: t(`country.${country}`) })}
      label={
        <>
          <GlobeIcon className="size-4" />
          <span>{country.toUpperCase()}</span>
          <span className="text-slate-500">{COUNTRIES[country].currencySymbol}</span>
        </>
      }
      buttonClassName="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-ink hover:bg-slate-100"
      panelClassName="absolute right-0 z-50 mt-2 w-60 rounded-2xl border border-slate-200 bg-white p-2 shadow-xl"
    >
      {(close) => (
        <nav aria-label={t('country.menuLabel')}>
          <ul>
            {COUNTRY_CODES.map((code) => (
              <li key={code}>
                <Link
                  to={switchCountryPath(location.pathname, location.search, location.hash, code)}
                  hrefLang={COUNTRIES[code].lang}
                  aria-current={code === country ? 'true' : undefined}
                  className="flex min-h-11 items-center justify-between gap-3 rounded-xl px-3 text-sm hover:bg-slate-100 aria-[current]:font-semibold"
                  onClick={() => {
                    rememberCookie(COUNTRY_COOKIE, code);
                    close();
                    onNavigate?.();
                  }}
                >
                  <span>{t(`country.${code}`)}</span>
                  <span className="flex items-center gap-2 text-slate-500">
                    {COUNTRIES[code].currency}
                    {code === country && <CheckIcon className="size-4 text-brand-700" />}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </Disclosure>
  );
}
