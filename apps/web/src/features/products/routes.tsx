import { createRoute, redirect } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { portalRoute } from '../../app/routes/layouts';

export const productsRoutes = [
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/products',
    component: () => <ComingSoon route="products" />,
  }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/products/detail/{-$id}',
    component: () => <ComingSoon route="productDetail" />,
  }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/products-beta',
    beforeLoad: () => {
      throw redirect({ to: '/products' });
    },
  }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/products-beta/detail/{-$id}',
    beforeLoad: ({ params }) => {
      throw redirect({ to: '/products/detail/{-$id}', params: { id: params.id } });
    },
  }),
];
