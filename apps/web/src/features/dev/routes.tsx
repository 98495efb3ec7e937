import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { publicRoute } from '../../app/routes/layouts';

/** The demo mailbox: loaded only when opened, it is no part of the product's own pages. */
const MailboxPage = lazyRouteComponent(() => import('./MailboxPage'), 'MailboxPage');

export const devRoutes = [
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/dev/mailbox',
    loader: () => MailboxPage.preload?.(),
    component: MailboxPage,
  }),
];
