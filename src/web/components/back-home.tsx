import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import { useStore } from '../store-context.ts';
import { ArrowLeftIcon } from './back-icon.tsx';

/** SPEC section 2: "Back to Home" at the top of the buying pages, to the visitor's store. */
export function BackHome() {
  const { t } = useTranslation();
  const { country } = useStore();
  return (
    <Link to={`/${country}`} className="inline-flex items-center gap-2 text-sm font-medium text-slate-700 hover:text-ink">
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {t('checkout.backHome')}
    </Link>
  );
}
