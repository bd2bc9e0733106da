import { useTranslation } from '../../i18n/react.tsx';
import { LANGUAGES } from '../../../domain/countries.ts';
import { LANGUAGE_NAMES } from '../../../i18n/config.ts';
import { Disclosure } from '../../components/disclosure.tsx';
import { LanguageIcon } from '../../components/icons.tsx';
import { useStore } from '../../store-context.ts';
import { LanguagePanel, loadMenuPanels, MENU_BUTTON_CLASS, MenuPanel, PANEL_IN_BAR, PANEL_IN_MENU } from './lazy-menu-panels.tsx';

/** Language menu (DESIGN D11); its options are in store-menu-panels.tsx. */
export function LanguageMenu({ onChange, inMenu = false }: { onChange?: () => void; inMenu?: boolean }) {
  const { t } = useTranslation();
  const { lang } = useStore();
  return (
    <Disclosure
      ariaLabel={t('labelled', { label: t('language.label'), value: LANGUAGE_NAMES[lang] })}
      label={
        <>
          <LanguageIcon className="size-4" />
          <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
        </>
      }
      onIntent={loadMenuPanels}
      buttonClassName={MENU_BUTTON_CLASS}
      panelClassName={`absolute ${inMenu ? PANEL_IN_MENU : PANEL_IN_BAR} z-50 mt-2 w-48 rounded-2xl border border-slate-200 bg-white p-2 shadow-xl`}
    >
      {(close, open) => open && <MenuPanel rows={LANGUAGES.length}><LanguagePanel close={close} onChange={onChange} /></MenuPanel>}
    </Disclosure>
  );
}
