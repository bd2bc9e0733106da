/**
 * My Page: download everything the store holds about me (issue 36), as JSON or as a zip with my
 * files, and delete it. The downloads are plain links: the browser sends the session cookie with a
 * same-origin GET and saves the attachment, so they need no JavaScript. Deleting opens a dialog,
 * loaded when asked for.
 */
import { lazy, Suspense, useState } from 'react';
import type { PublicUser } from '../../../domain/user.ts';
import { useTranslation } from '../../i18n/react.tsx';
import type { DeleteTarget } from './delete-data-dialog.tsx';

const DeleteDataDialog = lazy(() => import('./delete-data-dialog.tsx'));

export function YourData({ user }: { user: PublicUser }) {
  const { t } = useTranslation('accounts');
  return (
    <section aria-labelledby="your-data" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" data-your-data>
      <h2 id="your-data" className="text-lg font-bold">{t('yourData.title')}</h2>
      <p className="mt-2 text-sm text-slate-600">{t('yourData.text')}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href="/api/account/data" download className="btn-secondary" data-download="json">{t('yourData.json')}</a>
        <a href="/api/account/data.zip" download className="btn-secondary" data-download="zip">{t('yourData.zip')}</a>
      </div>
      {user.role === 'customer' && <DeleteData target={{ kind: 'account', user }} />}
    </section>
  );
}

/** "Delete my account" (or an order's details), under the downloads: what it does, and the button that asks. */
export function DeleteData({ target }: { target: DeleteTarget }) {
  const { t } = useTranslation('accounts');
  const [open, setOpen] = useState(false);
  const account = target.kind === 'account';
  return (
    <div className="mt-6 border-t border-slate-200 pt-6" data-delete-section>
      <h3 className="font-semibold">{account ? t('erase.accountHeading') : t('erase.orderHeading')}</h3>
      <p className="mt-1 text-sm text-slate-600">{account ? t('erase.accountLead') : t('erase.orderLead')}</p>
      <button type="button" className="btn mt-3 border border-red-300 bg-white text-red-800 hover:bg-red-50" onClick={() => setOpen(true)} data-delete-open>
        {account ? t('erase.accountOpen') : t('erase.orderOpen')}
      </button>
      {open && <Suspense fallback={null}><DeleteDataDialog target={target} onClose={() => setOpen(false)} /></Suspense>}
    </div>
  );
}
