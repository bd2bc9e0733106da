import { useTranslation } from '../../i18n/react.tsx';
import { COUNTRIES } from '../../../domain/countries.ts';
import { Disclosure } from '../../components/disclosure.tsx';
import { useStore } from '../../store-context.ts';
import { GlobeIcon } from '../../components/icons.tsx';
import { CountryPanel, loadMenuPanels, MENU_BUTTON_CLASS, MenuPanel, PANEL_IN_BAR, PANEL_IN_MENU } from './lazy-menu-panels.tsx';

export function CountryMenu({ onNavigate, inMenu = false }: { onNavigate?: () => void; inMenu?: boolean }) {
  const { t } = useTranslation();
  const { country } = useStore();
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
      onIntent={loadMenuPanels}
      buttonClassName={MENU_BUTTON_CLASS}
      panelClassName={`absolute ${inMenu ? PANEL_IN_MENU : PANEL_IN_BAR} z-50 mt-2 w-60 rounded-2xl border border-slate-200 bg-white p-2 shadow-xl`}
    >
      {(close, open) => open && <MenuPanel rows={COUNTRY_ROWS}><CountryPanel close={close} onNavigate={onNavigate} /></MenuPanel>}
    </Disclosure>
  );
}

const COUNTRY_ROWS = Object.keys(COUNTRIES).length;
