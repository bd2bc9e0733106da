/**
 * /{country}/brief-test (SPEC section 2): the brief form on its own page for trying it out.
 * Submitting logs the brief to the console and says so; nothing is sent or stored.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { Route } from './+types/brief-test-page';
import { pageMeta } from '../../seo/page-meta.ts';
import { BackHome } from '../../components/back-home.tsx';
import { useRootData } from '../../store-context.ts';
import { guestSessionId } from '../accounts/guest-session.ts';
import { BriefForm } from './brief-form.tsx';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: '/brief-test', noindex: true, text: (t) => ({ title: t('briefs:test.title'), description: t('briefs:test.text') }) });

export default function BriefTestPage() {
  const { t } = useTranslation('briefs');
  const { user } = useRootData();
  // The form keeps its draft in this browser, so it is drawn once the page runs there.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div className="container-page max-w-3xl py-10 sm:py-12">
      <BackHome />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight">{t('test.title')}</h1>
      <p className="mt-2 text-slate-700">{t('test.text')}</p>
      <div className="mt-8 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {ready && (
          <BriefForm
            summary={{ serviceName: t('test.serviceName') }}
            draftKey="brief-draft:test"
            askContact={false}
            guestId={user ? null : guestSessionId()}
            idPrefix="brief-test"
            onLater={() => window.history.back()}
            onSubmit={async (values, files) => {
              console.log('project brief', { ...values, uploadedFiles: files.map((file) => file.name) });
              window.alert(t('test.logged'));
              return { ok: true };
            }}
          />
        )}
      </div>
    </div>
  );
}
