import { shouldHideNotifications } from '@token/domain/navigation';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { clearNotifications } from '../lib/notifications.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

// One chunk per feature: each page module is loaded when its route is first visited.
const home = () => import('../features/home/home-page.tsx').then((m) => ({ Component: m.HomePage }));
const product = () =>
  import('../features/products/product-page.tsx').then((m) => ({ Component: m.ProductPage }));
const cms = () => import('../features/cms/cms-page.tsx').then((m) => ({ Component: m.CmsPage }));
const contact = () =>
  import('../features/contact/contact-page.tsx').then((m) => ({ Component: m.ContactPage }));
const banned = () => import('../features/system/banned-page.tsx').then((m) => ({ Component: m.BannedPage }));
const notFound = () =>
  import('../features/system/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage }));
const comingSoon = () =>
  import('../features/system/coming-soon-page.tsx').then((m) => ({ Component: m.ComingSoonPage }));

/** spec 2 legal pages: each shows the CMS page of the same code in the current language. */
export const legalPageCodes = [
  'imprint',
  'privacy-policy',
  'terms-and-conditions',
  'data-protection',
  'legal-indications',
] as const;

/** Until the first page's module has loaded there is nothing to show; hold the screen's room. */
function InitialLoad() {
  return <div className="min-h-dvh" aria-busy="true" />;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: InitialLoad,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: home },
          { path: 'products/:productCode', lazy: product },
          { path: 'cms/:code', lazy: cms },
          ...legalPageCodes.map((code) => ({ path: code, lazy: cms })),
          { path: 'contact', lazy: contact },
          { path: 'banned', lazy: banned },
          // The accounts issue replaces these with the real login and registration.
          { path: 'login', lazy: comingSoon },
          { path: 'sign-up/:referralCode?', lazy: comingSoon },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // spec 2: every navigation hides all notifications unless the query contains `limit`. Done on the
  // router's own state change, so a notification raised after `await navigate()` survives.
  let lastKey = router.state.location.key;
  router.subscribe((state) => {
    if (state.location.key === lastKey) return;
    lastKey = state.location.key;
    if (shouldHideNotifications(state.location.search)) clearNotifications();
  });
  return router;
}
