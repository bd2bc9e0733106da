import { useTranslation } from '../../i18n/react.tsx';
import { useRevalidator } from 'react-router';
import { LANGUAGES } from '../../../domain/countries.ts';
import { LANGUAGE_COOKIE, LANGUAGE_NAMES } from '../../../i18n/config.ts';
import { Disclosure } from '../../components/disclosure.tsx';
import { CheckIcon, LanguageIcon } from '../../components/icons.tsx';
import { useStore } from '../../store-context.ts';
import { rememberCookie } from './cookies.ts';

/**
 * Language menu (DESIGN D11). Each option is also a plain link (`?lang=xx`) that the server
 * honours, so it works before the page's script has loaded.
 */
export function LanguageMenu({ onChange }: { onChange?: () => void }) {
  const { t } = useTranslation();
  const { lang } = useStore();
  const revalidator = useRevalidator();
  return (
    <Disclosure
      ariaLabel={t('labelled', { label: t('language.label'), value: LANGUAGE_NAMES[lang] })}
      label={
        <>
          <LanguageIcon className="size-4" />
          <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
        </>
      }
      buttonClassName="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-ink hover:bg-slate-100"
      panelClassName="absolute right-0 z-50 mt-2 w-48 rounded-2xl border border-slate-200 bg-white p-2 shadow-xl"
    >
      {(close) => (
        <ul aria-label={t('language.menuLabel')}>
          {LANGUAGES.map((code) => (
            <li key={code}>
              <a
                href={`?lang=${code}`}
                lang={code}
                hrefLang={code}
                aria-current={code === lang ? 'true' : undefined}
                className="flex min-h-11 items-center justify-between rounded-xl px-3 text-sm hover:bg-slate-100 aria-[current]:font-semibold"
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
      )}
    </Disclosure>
  );
}
