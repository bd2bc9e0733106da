/**
 * /{country}/admin (SPEC section 2, issue "The staff area"): the staff dashboard and its tabs,
 * chosen by `?tab=`. The loader checks the role first, then reads only the open tab's data on the
 * server, so the page arrives rendered, or as its 401/403, with no spinner.
 */
import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'react-router';
import type { Route } from './+types/admin-page';
import { ADMIN_PAGE_SIZE, adminAuditQuerySchema, adminBriefsQuerySchema, adminContactsQuerySchema, adminOrdersQuerySchema, adminPapersQuerySchema, adminUsersQuerySchema } from '../../../domain/validation/admin.ts';
import { loaders, requireUserWithRole } from '../../auth.server.ts';
import { requestInfo } from '#request-context';
import { pageMeta } from '../../seo/page-meta.ts';
import { useRootData } from '../../store-context.ts';
import { AdminAudit } from './admin-audit.tsx';
import { AdminBriefs } from './admin-briefs.tsx';
import { AdminInbox } from './admin-inbox.tsx';
import { AdminOrders } from './admin-orders.tsx';
import { AdminOverview } from './admin-overview.tsx';
import { AdminPapers } from './admin-papers.tsx';
import { AdminSettings } from './admin-settings.tsx';
import { AdminTax } from './admin-tax.tsx';
import { AdminUsers } from './admin-users.tsx';
import { StaffOnly } from './staff-only.tsx';
import { RecheckHost } from './recheck.tsx';
import { useLiveRevalidation } from '../conversation/use-live-revalidation.ts';
import { tabQuery } from './tab-query.ts';

export const TABS = ['overview', 'orders', 'papers', 'users', 'briefs', 'inbox', 'audit', 'settings'] as const;
export type Tab = (typeof TABS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staffMember = requireUserWithRole(context, 'admin');
  const admin = loaders(context).admin;
  const { lang } = context.get(requestInfo).store;
  const params = new URL(request.url).searchParams;
  const requested = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? requested as Tab : 'overview';
  switch (tab) {
    case 'overview':
      return { tab, overview: await admin.overview(lang) };
    case 'orders': {
      // The form shows what was typed, even a filter the query had to leave out.
      const filters = Object.fromEntries(['status', 'country', 'from', 'to', 'q', 'userId', 'waiting'].map((key) => [key, params.get(key) || undefined]));
      const openId = params.get('order');
      const [orders, open] = await Promise.all([admin.orders(staffMember.id, tabQuery(adminOrdersQuerySchema, params), lang), openId ? admin.order(openId, lang) : null]);
      return { tab, orders, filters, open };
    }
    case 'papers': {
      const filters = Object.fromEntries(['q', 'country', 'kind', 'from', 'to'].map((key) => [key, params.get(key) || undefined]));
      const [papers, taxInvoices] = await Promise.all([admin.papers(tabQuery(adminPapersQuerySchema, params)), admin.taxInvoices()]);
      return { tab, papers, taxInvoices, filters };
    }
    case 'users': {
      const query = tabQuery(adminUsersQuerySchema, params, { pageSize: ADMIN_PAGE_SIZE });
      return { tab, users: await admin.users(query), q: params.get('q') ?? '', page: query.page, pageSize: query.pageSize };
    }
    case 'briefs': {
      const query = tabQuery(adminBriefsQuerySchema, params);
      return { tab, briefs: await admin.briefs(query), status: query.status ?? null, page: query.page, pageSize: query.pageSize };
    }
    case 'inbox': {
      const query = tabQuery(adminContactsQuerySchema, params);
      return { tab, contacts: await admin.contacts(query), handled: query.handled ?? null, page: query.page, pageSize: query.pageSize };
    }
    case 'audit': {
      const filters = Object.fromEntries(['group', 'actor', 'order', 'from', 'to'].map((key) => [key, params.get(key) || undefined]));
      return { tab, audit: await admin.audit(tabQuery(adminAuditQuerySchema, params)), filters };
    }
    case 'settings':
      const [settings, tax] = await Promise.all([admin.settings(), admin.tax()]);
      return { tab, settings, tax };
  }
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageMeta(matches, { error, path: '/admin', noindex: true, text: (t) => ({ title: t('admin:title'), description: t('admin:tabs.overview') }) });

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const { country } = useRootData();
  const data = loaderData;
  // The overview and the order list (with its open order) follow the store live, at most every two seconds.
  useLiveRevalidation({ enabled: data.tab === 'overview' || data.tab === 'orders', gapMs: 2000 });
  return (
    <div className="container-page py-8 sm:py-10">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('title')}</h1>
      {/* Every tab in view at every width: three to a row on a phone, one strip from 768 px (wrapping, never cut). */}
      <nav aria-label={t('title')} className="mt-5">
        <ul className="grid grid-cols-3 gap-1.5 md:flex md:flex-wrap md:gap-1 md:border-b md:border-slate-200" data-admin-tabs>
          {TABS.map((tab) => (
            <li key={tab} className="min-w-0">
              <Link
                to={`/${country}/admin?tab=${tab}`}
                aria-current={data.tab === tab ? 'page' : undefined}
                className={`flex min-h-11 items-center justify-center rounded-xl px-2 text-center text-sm font-semibold md:rounded-none md:border-b-2 md:px-3 ${data.tab === tab ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-600/40 md:border-brand-700 md:bg-transparent md:ring-0' : 'bg-slate-50 text-slate-700 hover:text-ink md:border-transparent md:bg-transparent md:text-slate-600'}`}
              >
                {t(`tabs.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <RecheckHost />
      <div className="mt-6">
        {data.tab === 'overview' && <AdminOverview overview={data.overview} />}
        {data.tab === 'orders' && <AdminOrders list={data.orders} filters={data.filters} open={data.open} />}
        {data.tab === 'papers' && <AdminPapers list={data.papers} filters={data.filters} taxInvoices={data.taxInvoices} />}
        {data.tab === 'users' && <AdminUsers list={data.users} q={data.q} page={data.page} pageSize={data.pageSize} />}
        {data.tab === 'briefs' && <AdminBriefs list={data.briefs} status={data.status} page={data.page} pageSize={data.pageSize} />}
        {data.tab === 'inbox' && <AdminInbox list={data.contacts} handled={data.handled} page={data.page} pageSize={data.pageSize} />}
        {data.tab === 'audit' && <AdminAudit list={data.audit} filters={data.filters} />}
        {data.tab === 'settings' && <><AdminSettings settings={data.settings} /><AdminTax stores={data.tax} /></>}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StaffOnly error={error} />;
}
