import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../components/toast.tsx';

/**
 * Back from Google sign-in the address carries ?auth=success or ?auth=failed (SPEC section 2):
 * say how it went and take the parameter out of the address. Loaded by auth-return.tsx only when
 * the address has one of these parameters.
 */
export default function AuthReturnNotice() {
  const { t, whenLoaded } = useTranslation('accounts');
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const outcome = params.get('auth');
    const notice = params.get('notice');
    if (outcome !== 'success' && outcome !== 'failed' && notice !== 'serviceNotFound') return;
    // Right after the page hydrates: these messages were not part of its render.
    void whenLoaded().then(() => {
      if (outcome === 'success') toast.success(() => t('toast.googleSuccess'));
      else if (outcome === 'failed') toast.error(() => t('toast.googleFailed'));
      // SPEC section 4: an unknown service on the order-confirmation page goes home and says so.
      if (notice === 'serviceNotFound') toast.error(() => t('toast.serviceNotFoundTitle'), () => t('toast.serviceNotFound'));
    });
    params.delete('auth');
    params.delete('notice');
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, preventScrollReset: true });
  }, [location, navigate, t, whenLoaded]);
  return null;
}
