/**
 * "Confirm it is you" before a refund or a change of role (issue 36). A staff change the server
 * refuses with RECENT_SIGN_IN_REQUIRED asks here (`askRecheck`); the staff page shows the dialog
 * (`RecheckHost`), and the change is tried again once it is confirmed. The dialog's code is loaded
 * only when it is needed.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

const RecheckDialog = lazy(() => import('./recheck-dialog.tsx'));

type Ask = (done: (confirmed: boolean) => void) => void;
let ask: Ask | null = null;

/** Resolves true once the staff member proved it is them, false if they closed the dialog (or no page can ask). */
export function askRecheck(): Promise<boolean> {
  return new Promise((resolve) => (ask ? ask(resolve) : resolve(false)));
}

export function RecheckHost() {
  const [pending, setPending] = useState<((confirmed: boolean) => void) | null>(null);
  useEffect(() => {
    ask = (done) => setPending(() => done);
    return () => { ask = null; };
  }, []);
  if (!pending) return null;
  const finish = (confirmed: boolean) => {
    pending(confirmed);
    setPending(null);
  };
  return (
    <Suspense fallback={null}>
      <RecheckDialog onDone={finish} />
    </Suspense>
  );
}
