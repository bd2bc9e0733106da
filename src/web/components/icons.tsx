/**
 * The icons of the pages visitors land on (the top bar, the home page, the template pages) and of
 * their dialogs, from lucide, one module per icon: the build's shared first-load chunk takes the
 * icons that those pages' modules import (vite.config.ts), which through lucide's index would be
 * all of lucide's icons the store uses. The icons of screens opened later are in later-icons.tsx.
 */
export { default as GlobeIcon } from 'lucide-react/icons/globe';
export { default as LanguageIcon } from 'lucide-react/icons/languages';
export { default as CheckIcon } from 'lucide-react/icons/check';
export { default as MenuIcon } from 'lucide-react/icons/menu';
export { default as CloseIcon } from 'lucide-react/icons/x';
export { default as ArrowRightIcon } from 'lucide-react/icons/arrow-right';
export { default as ArrowLeftIcon } from 'lucide-react/icons/arrow-left';
export { default as ClockIcon } from 'lucide-react/icons/clock';
export { default as RevisionIcon } from 'lucide-react/icons/refresh-cw';
export { default as MailIcon } from 'lucide-react/icons/mail';
export { default as PhoneIcon } from 'lucide-react/icons/phone';
export { default as StarIcon } from 'lucide-react/icons/star';
export { default as ShieldIcon } from 'lucide-react/icons/shield-check';
export { default as WalletIcon } from 'lucide-react/icons/wallet';
export { default as ZapIcon } from 'lucide-react/icons/zap';
export { default as SendIcon } from 'lucide-react/icons/send';
export { default as SpinnerIcon } from 'lucide-react/icons/loader-circle';
export { default as UserIcon } from 'lucide-react/icons/user';
export { default as LogOutIcon } from 'lucide-react/icons/log-out';
export { default as AdminIcon } from 'lucide-react/icons/settings';
export { default as CartIcon } from 'lucide-react/icons/shopping-bag';
