import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../components/toast.tsx';
import { useAuthDialog } from './auth-provider.tsx';

/**
 * Back from Google sign-in the address carries ?auth=success or ?auth=failed (SPEC section 2):
 * say how it went and take the parameter out of the address; ?auth=second-factor (staff, issue 36)
 * opens the sign-in dialog at its code step. Loaded by auth-return.tsx only when
 * the address has one of these parameters.
 */
export default function AuthReturnNotice() {
  const { t, whenLoaded } = useTranslation('accounts');
  const location = useLocation();
  const navigate = useNavigate();
  const authDialog = useAuthDialog();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const outcome = params.get('auth');
    const notice = params.get('notice');
    if (outcome !== 'success' && outcome !== 'failed' && outcome !== 'second-factor' && notice !== 'serviceNotFound') return;
    // Staff back from Google with a second factor to prove: the dialog opens at the code step.
    if (outcome === 'second-factor') authDialog.open({ secondFactor: { step: params.get('step') === 'enroll' ? 'enroll' : 'verify' } });
    // Right after the page hydrates: these messages were not part of its render.
    void whenLoaded().then(() => {
      if (outcome === 'success') toast.success(() => t('toast.googleSuccess'));
      else if (outcome === 'failed') toast.error(() => t('toast.googleFailed'));
      // SPEC section 4: an unknown service on the order-confirmation page goes home and says so.
      if (notice === 'serviceNotFound') toast.error(() => t('toast.serviceNotFoundTitle'), () => t('toast.serviceNotFound'));
    });
    params.delete('auth');
    params.delete('step');
    params.delete('notice');
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, preventScrollReset: true });
  }, [location, navigate, t, whenLoaded, authDialog]);
  return null;
}
