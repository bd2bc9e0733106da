/**
 * The lists inside the top bar's country and language menus. They are fetched when a visitor
 * reaches for either button (pointer over it, focus, touch) rather than with the page: every
 * landing page shows the buttons, few visitors open them (issue 17's first-load budget).
 */
import { Link, useLocation, useRevalidator } from 'react-router';
import { COUNTRIES, COUNTRY_CODES, LANGUAGES, type CountryCode } from '../../../domain/countries.ts';
import { COUNTRY_COOKIE, LANGUAGE_COOKIE, LANGUAGE_NAMES } from '../../../i18n/config.ts';
import { CheckIcon } from '../../components/icons.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useStore } from '../../store-context.ts';
import { rememberCookie } from './cookies.ts';

/** The same page in another store: replace the country prefix and keep the rest (SPEC section 2). */
export function switchCountryPath(pathname: string, search: string, hash: string, to: CountryCode): string {
  const [, , ...rest] = pathname.split('/');
  const tail = rest.join('/');
  return `/${to}${tail ? `/${tail}` : ''}${search}${hash}`;
}

const OPTION_CLASS = 'flex min-h-11 items-center justify-between gap-3 rounded-xl px-3 text-sm hover:bg-slate-100 aria-[current]:font-semibold';

export function CountryPanel({ close, onNavigate }: { close: () => void; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { country } = useStore();
  const location = useLocation();
  return (
    <nav aria-label={t('country.menuLabel')}>
      <ul>
        {COUNTRY_CODES.map((code) => (
          <li key={code}>
            <Link
              to={switchCountryPath(location.pathname, location.search, location.hash, code)}
              hrefLang={COUNTRIES[code].lang}
              aria-current={code === country ? 'true' : undefined}
              className={OPTION_CLASS}
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
  );
}

/**
 * Each option is also a plain link (`?lang=xx`) that the server honours (DESIGN D11), so it
 * works for a visitor whose script stopped, and opens in a new tab.
 */
export function LanguagePanel({ close, onChange }: { close: () => void; onChange?: () => void }) {
  const { t } = useTranslation();
  const { lang } = useStore();
  const revalidator = useRevalidator();
  return (
    <ul aria-label={t('language.menuLabel')}>
      {LANGUAGES.map((code) => (
        <li key={code}>
          <a
            href={`?lang=${code}`}
            lang={code}
            hrefLang={code}
            aria-current={code === lang ? 'true' : undefined}
            className={OPTION_CLASS}
            onClick={(event) => {
              event.preventDefault();
              close();
              onChange?.();
              if (code === lang) return;
              rememberCookie(LANGUAGE_COOKIE, code);
              void revalidator.revalidate();
            }}
          >
            {LANGUAGE_NAMES[code]}
            {code === lang && <CheckIcon className="size-4 text-brand-700" />}
          </a>
        </li>
      ))}
    </ul>
  );
}
