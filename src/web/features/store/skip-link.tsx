import { useTranslation } from '../../i18n/react.tsx';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className="sr-only z-50 rounded-full bg-white px-4 py-2 font-semibold shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
      {t('skipToContent')}
    </a>
  );
}
