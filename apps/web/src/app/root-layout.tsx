import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { NotificationBar } from '../components/ui/notification-bar.tsx';
import { loadNamespace, useTranslation } from '../lib/i18n.ts';
import { RouteFocus } from '../lib/route-focus.tsx';
import { useSession } from '../lib/session.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { NavigationGuard } from './navigation-guard.tsx';
import { RouteGuard } from './route-guard.tsx';

/** A thin bar at the top while a lazy page module or loader is on its way. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-accent-500" aria-hidden="true" />;
}

/** spec 2: every navigation scrolls to the top (notifications are hidden by the router subscription). */
function ScrollToTop() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path or query change on purpose
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}

/** The onboarding banners and their checker: only a logged-in visitor has them, a chunk (and texts) of their own. */
const UserBanners = lazy(() =>
  Promise.all([import('../features/banners/user-banners.tsx'), loadNamespace('banners')]).then(([m]) => ({
    default: m.UserBanners,
  })),
);

export function RootLayout() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('layout.skipToContent')}
      </a>
      <NavigationProgress />
      <ScrollToTop />
      <RouteFocus />
      <NavigationGuard />
      <Header />
      {isLoggedIn && (
        <Suspense fallback={null}>
          <UserBanners />
        </Suspense>
      )}
      <NotificationBar />
      {/* focused (route change, a dialog's fallback) only on a page without an h1: no ring around the whole page */}
      <main id="main" className="flex-1 focus:outline-none">
        <RouteGuard>
          <Outlet />
        </RouteGuard>
      </main>
      <Footer />
    </div>
  );
}
