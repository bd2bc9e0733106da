/**
 * The country and language menus' lists, fetched on first reach (store-menu-panels.tsx). While
 * they come (a moment, and only when the visitor clicked faster than the pointer's hover fetched
 * them), the panel keeps the list's height so nothing jumps.
 */
import { lazy, Suspense, type ReactNode } from 'react';

let panels: Promise<typeof import('./store-menu-panels.tsx')> | undefined;
export const loadMenuPanels = () => (panels ??= import('./store-menu-panels.tsx'));

export const CountryPanel = lazy(() => loadMenuPanels().then((module) => ({ default: module.CountryPanel })));
export const LanguagePanel = lazy(() => loadMenuPanels().then((module) => ({ default: module.LanguagePanel })));

/**
 * In the top bar the buttons are at the right edge, so their panels open leftward from it; in the
 * phone menu they sit at the left, and a panel opening leftward went off the screen.
 */
export const PANEL_IN_BAR = 'right-0';
export const PANEL_IN_MENU = 'left-0';

export const MENU_BUTTON_CLASS = 'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-ink hover:bg-slate-100';

/** Rows of 2.75 rem (min-h-11) each, as the list will have. */
export function MenuPanel({ rows, children }: { rows: number; children: ReactNode }) {
  return <Suspense fallback={<div aria-busy="true" style={{ height: `${rows * 2.75}rem` }} />}>{children}</Suspense>;
}
