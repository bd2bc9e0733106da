/**
 * /{country}/admin/users (SPEC section 2) was a page of its own that showed what the staff page's
 * users tab shows; staff may have it bookmarked, so it sends them to the tab, query kept. The tab
 * checks the role (401, 403) as every staff page does.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/admin-users-redirect';

export function loader({ request, params }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  query.set('tab', 'users');
  throw redirect(`/${params.country}/admin?${query}`, 301);
}
