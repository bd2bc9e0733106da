/**
 * The icons of the pages visitors land on (the top bar, the home page, the template pages) and of
 * their dialogs, drawn from lucide's data (icon.tsx). The build's shared first-load chunk takes
 * this whole module, since those pages' modules import it (vite.config.ts): the icons of screens
 * opened later are in later-icons.tsx, and those of the home page's lower sections, which come in
 * a chunk of their own, in features/home/lower-section-icons.tsx.
 */
import ArrowRight from 'lucide/dist/esm/icons/arrow-right.mjs';
import Check from 'lucide/dist/esm/icons/check.mjs';
import Clock from 'lucide/dist/esm/icons/clock.mjs';
import Globe from 'lucide/dist/esm/icons/globe.mjs';
import Languages from 'lucide/dist/esm/icons/languages.mjs';
import Mail from 'lucide/dist/esm/icons/mail.mjs';
import Menu from 'lucide/dist/esm/icons/menu.mjs';
import Phone from 'lucide/dist/esm/icons/phone.mjs';
import RefreshCw from 'lucide/dist/esm/icons/refresh-cw.mjs';
import ShieldCheck from 'lucide/dist/esm/icons/shield-check.mjs';
import ShoppingBag from 'lucide/dist/esm/icons/shopping-bag.mjs';
import User from 'lucide/dist/esm/icons/user.mjs';
import Wallet from 'lucide/dist/esm/icons/wallet.mjs';
import X from 'lucide/dist/esm/icons/x.mjs';
import Zap from 'lucide/dist/esm/icons/zap.mjs';
import { icon } from './icon.tsx';

export const GlobeIcon = /* @__PURE__ */ icon(Globe);
export const LanguageIcon = /* @__PURE__ */ icon(Languages);
export const CheckIcon = /* @__PURE__ */ icon(Check);
export const MenuIcon = /* @__PURE__ */ icon(Menu);
export const CloseIcon = /* @__PURE__ */ icon(X);
export const ArrowRightIcon = /* @__PURE__ */ icon(ArrowRight);
export const ClockIcon = /* @__PURE__ */ icon(Clock);
export const RevisionIcon = /* @__PURE__ */ icon(RefreshCw);
export const MailIcon = /* @__PURE__ */ icon(Mail);
export const PhoneIcon = /* @__PURE__ */ icon(Phone);
export const ShieldIcon = /* @__PURE__ */ icon(ShieldCheck);
export const WalletIcon = /* @__PURE__ */ icon(Wallet);
export const ZapIcon = /* @__PURE__ */ icon(Zap);
export const UserIcon = /* @__PURE__ */ icon(User);
export const CartIcon = /* @__PURE__ */ icon(ShoppingBag);
