import { data } from 'react-router';
import type { Route } from './+types/not-found-page';
import { pageMeta } from '../../seo/page-meta.ts';

/** Anything under a valid prefix that is not a page: '404 Page Not Found' with status 404. */
export async function loader() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: '', noindex: true, text: (t) => ({ title: t('notFound.title'), description: t('notFound.description') }) });

export default function NotFoundPage() {
  return null;
}
