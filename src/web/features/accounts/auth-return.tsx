import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';

const AuthReturnNotice = lazy(() => import('./auth-return-notice.tsx'));

/** The parameters a return from Google sign-in or a redirect with a notice leaves in the address. */
const RETURN_PARAMETER = /[?&](auth|notice)=/;

/**
 * Says how a Google sign-in went (SPEC section 2) or why the visitor was sent here, when the
 * address says so; the code that does it is loaded only then, not with every page.
 */
export function AuthReturn() {
  const { search } = useLocation();
  if (!RETURN_PARAMETER.test(search)) return null;
  return (
    <Suspense fallback={null}>
      <AuthReturnNotice />
    </Suspense>
  );
}
