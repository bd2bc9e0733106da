import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  route(':country', 'features/store/store-layout.tsx', [
    index('features/home/home-page.tsx'),
    route('templateshop', 'features/templates/templateshop-page.tsx'),
    route('template/:id', 'features/templates/template-page.tsx'),
    route('terms', 'features/terms/terms-page.tsx'),
    route('profile', 'features/accounts/profile-page.tsx'),
    route('reset-password', 'features/accounts/reset-password-page.tsx'),
    route('admin/users', 'features/accounts/admin-users-page.tsx'),
    route('*', 'features/not-found/not-found-page.tsx'),
  ]),
] satisfies RouteConfig;
