/**
 * For accounts without a password: a fresh Google sign-in that comes back to My Page. What the
 * visitor typed in the profile form is kept in this tab meanwhile and put back on return.
 */
import { useTranslation } from '../../i18n/react.tsx';
import type { CountryCode } from '../../../domain/countries.ts';

const DRAFT_KEY = 'profile-draft';

function googleReauthHref(country: CountryCode): string {
  return `/api/auth/google?country=${country}&returnTo=${encodeURIComponent(`/${country}/profile`)}`;
}

export function saveProfileDraft(values: Record<string, string>): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    // Storage may be off (private mode); the visitor then types again.
  }
}

/** The draft left before the Google round trip, once (it is removed as it is read). */
export function takeProfileDraft(): Record<string, string> | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    sessionStorage.removeItem(DRAFT_KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : null;
  } catch {
    return null;
  }
}

export function GoogleReauthButton({ country, onLeave }: { country: CountryCode; onLeave?: () => void }) {
  const { t } = useTranslation('accounts');
  return (
    <a href={googleReauthHref(country)} onClick={onLeave} className="btn-secondary w-full sm:w-auto">
      {t('profile.googleReauthButton')}
    </a>
  );
}
