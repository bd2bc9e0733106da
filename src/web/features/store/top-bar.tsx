import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'react-router';
import { BRAND } from '../../../domain/site.ts';
import { CloseIcon, MenuIcon } from '../../components/icons.tsx';
import { useStore } from '../../store-context.ts';
import { CountryMenu } from './country-menu.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { Logo } from './logo.tsx';
import { UserMenu } from '../accounts/user-menu.tsx';
import { useFittingLinks } from './use-fitting-links.ts';
import { CartButton } from '../cart/cart-button.tsx';

/** Home sections reachable from the top bar (SPEC section 2 anchors). */
const NAV_SECTIONS = [
  { id: 'services', key: 'nav.services' },
  { id: 'products', key: 'nav.products' },
  { id: 'pricing', key: 'nav.pricing' },
  { id: 'portfolio', key: 'nav.portfolio' },
  { id: 'contact', key: 'nav.contact' },
] as const;

/** SPEC section 9: the bar gets its shadow after 100 px of scrolling. */
const SHADOW_AFTER_PX = 100;

function useScrolledPast(px: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return scrolled;
}

export function TopBar() {
  const { t } = useTranslation();
  const { country } = useStore();
  const scrolled = useScrolledPast(SHADOW_AFTER_PX);
  const [mobileOpen, setMobileOpen] = useState(false);
  const closeMobile = () => setMobileOpen(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const links = [
    { to: `/${country}/templateshop`, label: t('nav.templates') },
    ...NAV_SECTIONS.map((section) => ({ to: `/${country}#${section.id}`, label: t(section.key) })),
  ];
  // The menu button and the menu stay exactly while a link is left out (`menu-toggle`).
  const fitting = useFittingLinks<HTMLUListElement>(links.map((link) => link.to + link.label).join('|'));

  return (
    <header
      // Escape closes the open menu and gives focus back to its button (issue 33, item 28), unless
      // a list inside it (the country or language list) took the key to close itself.
      onKeyDown={(event) => {
        if (event.key === 'Escape' && mobileOpen && !event.defaultPrevented) {
          closeMobile();
          menuButton.current?.focus();
        }
      }}
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-40 border-b bg-white transition-shadow ${
        scrolled ? 'border-slate-200 shadow-md' : 'border-transparent'
      }`}
    >
      {/* Wider than the page's column, so the links fit beside the buttons in every language. */}
      <div className="mx-auto flex h-16 w-full max-w-[90rem] items-center justify-between gap-2 px-3 min-[360px]:px-4 sm:gap-4 sm:px-6">
        <Link to={`/${country}`} className="flex min-h-11 shrink-0 items-center gap-2 whitespace-nowrap font-bold text-ink" aria-label={BRAND}>
          <Logo />
        </Link>
        {/* As many links as fit beside the buttons, the template shop first; all of them are in the
            menu too, which stays until every link fits (1440 px up in every language). */}
        <nav aria-label={t('nav.label')} className="hidden min-w-0 flex-1 md:block">
          <ul ref={fitting} className="flex h-11 flex-wrap items-center gap-x-1 overflow-hidden" data-bar-links>
            {links.map((link) => (
              <li key={link.to} className="flex h-11 items-center">
                <Link to={link.to} className="whitespace-nowrap rounded-full px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-1 whitespace-nowrap">
          <div className="hidden sm:flex sm:items-center sm:gap-1">
            <CountryMenu />
            <LanguageMenu />
          </div>
          <CartButton />
          <UserMenu onAction={closeMobile} />
          <button
            ref={menuButton}
            type="button"
            className="menu-toggle inline-flex size-11 items-center justify-center rounded-full hover:bg-slate-100"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
      </div>
      <div id="mobile-menu" hidden={!mobileOpen} className="menu-toggle max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white">
        <nav aria-label={t('nav.label')} className="container-page py-3">
          <ul className="grid gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} onClick={closeMobile} className="flex min-h-12 items-center rounded-xl px-3 text-base font-medium hover:bg-slate-100">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3 sm:hidden">
            <CountryMenu onNavigate={closeMobile} inMenu />
            <LanguageMenu onChange={closeMobile} inMenu />
          </div>
        </nav>
      </div>
    </header>
  );
}
