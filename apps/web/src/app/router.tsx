import { shouldHideNotifications } from '@token/domain/navigation';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { type LazyNamespace, loadNamespace } from '../lib/i18n.ts';
import { clearNotifications } from '../lib/notifications.ts';
import { legalPageCodes } from './legal-pages.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

// One chunk per feature: each page module is loaded when its route is first visited.
// product cards read the `products` texts, so every page that lists products loads them with its module
const home = pageWith(['home', 'products'], () => import('../features/home/home-page.tsx'), 'HomePage');
// collectibles' details, bidding and editions read the `marketplace` texts
const product = pageWith(
  ['products', 'marketplace'],
  () => import('../features/products/product-page.tsx'),
  'ProductPage',
);
const search = pageWith(['products'], () => import('../features/search/search-page.tsx'), 'SearchPage');
const cms = () => import('../features/cms/cms-page.tsx').then((m) => ({ Component: m.CmsPage }));
const contact = pageWith(['contact'], () => import('../features/contact/contact-page.tsx'), 'ContactPage');
const banned = () => import('../features/system/banned-page.tsx').then((m) => ({ Component: m.BannedPage }));
const marketplacePage = (name: 'BrowsePage' | 'CategoryPage') =>
  pageWith(['products', 'marketplace'], () => import('../features/browse/browse-page.tsx'), name);
const notFound = () =>
  import('../features/system/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage }));

/** An accounts page: its module and the `accounts` texts arrive together, so it never renders without them. */
function accountsPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return pageWith(['accounts'], load, name);
}
const login = accountsPage(() => import('../features/accounts/login-page.tsx'), 'LoginPage');
const loginTwoFactor = accountsPage(
  () => import('../features/accounts/login-two-factor-page.tsx'),
  'LoginTwoFactorPage',
);
const signUp = accountsPage(() => import('../features/accounts/sign-up-page.tsx'), 'SignUpPage');
// the pages of the e-mailed links and the forms that send them: their own `emailLinks` texts too
const resetPassword = pageWith(
  ['emailLinks', 'accounts'],
  () => import('../features/accounts/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const newPassword = pageWith(
  ['emailLinks', 'accounts'],
  () => import('../features/accounts/new-password-page.tsx'),
  'NewPasswordPage',
);
const verifyEmail = pageWith(
  ['emailLinks', 'accounts'],
  () => import('../features/accounts/verify-email-page.tsx'),
  'VerifyEmailPage',
);
const resendVerification = pageWith(
  ['emailLinks', 'accounts'],
  () => import('../features/accounts/resend-verification-page.tsx'),
  'ResendVerificationPage',
);
const confirmEmail = pageWith(
  ['emailLinks', 'accounts'],
  () => import('../features/accounts/confirm-email-page.tsx'),
  'ConfirmEmailPage',
);
/** A page of the logged-in account area: its own `account` texts and the shared `accounts` ones. */
function accountAreaPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return pageWith(['account', 'accounts'], load, name);
}
const account = accountAreaPage(() => import('../features/accounts/account-page.tsx'), 'AccountPage');
const editProfile = accountAreaPage(
  () => import('../features/accounts/edit-profile-page.tsx'),
  'EditProfilePage',
);
const changePassword = accountAreaPage(
  () => import('../features/accounts/change-password-page.tsx'),
  'ChangePasswordPage',
);
const changeEmail = accountAreaPage(
  () => import('../features/accounts/change-email-page.tsx'),
  'ChangeEmailPage',
);
const privacy = accountAreaPage(() => import('../features/accounts/privacy-page.tsx'), 'PrivacyPage');
const twoFactor = accountAreaPage(() => import('../features/accounts/two-factor-page.tsx'), 'TwoFactorPage');
// The compliance review: one chunk of its own (pages and `admin` texts), never in the investor's first paint.
const adminPages = () => import('../features/admin/admin-pages.tsx');
const adminQueue = () => adminPages().then((m) => ({ Component: m.AdminQueuePage }));
const adminCustomer = () => adminPages().then((m) => ({ Component: m.AdminCustomerPage }));
const adminOrders = () => adminPages().then((m) => ({ Component: m.AdminOrdersPage }));
const adminOrder = () => adminPages().then((m) => ({ Component: m.AdminOrderPage }));
const registerAdminPages = () => import('../features/admin/register-pages.tsx');
const adminBonds = () => registerAdminPages().then((m) => ({ Component: m.AdminBondsPage }));
const adminRegister = () => registerAdminPages().then((m) => ({ Component: m.AdminRegisterPage }));
const adminReferrals = () =>
  import('../features/admin/referrals/referrals-page.tsx').then((m) => ({ Component: m.AdminReferralsPage }));
const adminProducts = () =>
  import('../features/admin/products/products-page.tsx').then((m) => ({ Component: m.AdminProductsPage }));
const adminErasureRequests = () =>
  import('../features/admin/privacy/erasure-requests-page.tsx').then((m) => ({
    Component: m.AdminErasureRequestsPage,
  }));
const adminNewBond = () =>
  import('../features/admin/bonds/new-bond-page.tsx').then((m) => ({ Component: m.AdminNewBondPage }));
// the statement upload reuses the onboarding upload's progress bar and its words
const adminPayments = pageWith(['onboarding'], adminPages, 'AdminPaymentsPage');

/** A self-disclosure page (process SELF_DISCLOSURE): its module and the `onboarding` texts arrive together. */
function onboardingPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return pageWith(['onboarding'], load, name);
}
/**
 * A route's `lazy()`: the page module and the text namespaces it reads arrive together, so a page
 * never renders without its texts. The route's `handle.texts` names them, for the server render to
 * preload (entry-server.tsx).
 */
function pageWith<K extends string>(
  namespaces: LazyNamespace[],
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
) {
  return async () => {
    const [m] = await Promise.all([load(), ...namespaces.map(loadNamespace)]);
    return { Component: m[name], handle: { texts: namespaces } satisfies RouteTexts };
  };
}

/** What a route's `handle` says of its texts (set by `pageWith`). */
export type RouteTexts = { texts: LazyNamespace[] };
const editCompany = pageWith(
  ['onboarding', 'accounts', 'account'],
  () => import('../features/onboarding/company-edit-page.tsx'),
  'CompanyEditPage',
);
const custodyAccount = pageWith(
  ['onboarding', 'account'],
  () => import('../features/custody/custody-account-page.tsx'),
  'CustodyAccountPage',
);
const attractInvestors = pageWith(
  ['account'],
  () => import('../features/referrals/attract-investors-page.tsx'),
  'AttractInvestorsPage',
);
const professionalRequest = pageWith(
  ['onboarding', 'account'],
  () => import('../features/onboarding/professional-request-page.tsx'),
  'ProfessionalRequestPage',
);

// Favourites, my collection, notification settings and creator profiles (the marketplace, issue 18).
const collectionPages = () => import('../features/collections/collection-pages.tsx');
const favourites = pageWith(['collections', 'products'], collectionPages, 'FavouritesPage');
const myCollection = pageWith(['collections', 'products'], collectionPages, 'MyCollectionPage');
const notificationsSettings = pageWith(
  ['collections'],
  () => import('../features/profiles/notifications-settings-page.tsx'),
  'NotificationsSettingsPage',
);
const profilePages = () => import('../features/profiles/profile-page.tsx');
const customerProfile = pageWith(['collections', 'products'], profilePages, 'CustomerProfilePage');
const profileByName = pageWith(['collections', 'products'], profilePages, 'ProfileByNamePage');
const editPublicProfile = pageWith(
  ['collections'],
  () => import('../features/profiles/edit-public-profile-page.tsx'),
  'EditPublicProfilePage',
);

// Create content (issue 18): the preparation process's item path, the creator's list and the edit screens.
const createContentPages = () => import('../features/create-content/create-content-pages.tsx');
const createContent = pageWith(['creator'], createContentPages, 'CreateContentPage');
const createContentForm = pageWith(['creator'], createContentPages, 'CreateContentFormPage');
const created = pageWith(
  ['creator'],
  () => import('../features/create-content/created-page.tsx'),
  'CreatedPage',
);
// The preparation process of a collection (decision 023): six steps, the draft on the server.
const preparationPages = () => import('../features/create-content/preparation-process/preparation-pages.tsx');
const prepareCollection = pageWith(['creator'], preparationPages, 'PrepareCollectionPage');
const collectionMetadata = pageWith(['creator'], preparationPages, 'MetadataPage');
const collectionParameters = pageWith(['creator'], preparationPages, 'ParametersPage');
const uploadContent = pageWith(['creator'], preparationPages, 'UploadContentPage');
const productMetadata = pageWith(['creator'], preparationPages, 'ProductMetadataPage');
const collectionSummary = pageWith(['creator'], preparationPages, 'CollectionSummaryPage');
const editProductPages = () => import('../features/create-content/edit-product-page.tsx');
const editProduct = pageWith(['creator'], editProductPages, 'EditProductPage');
const editProductMetadata = pageWith(['creator'], editProductPages, 'EditProductMetadataPage');

const selfDisclosureLayout = onboardingPage(
  () => import('../features/onboarding/components/self-disclosure-layout.tsx'),
  'SelfDisclosureLayout',
);
const selfDisclosureIndex = onboardingPage(
  () => import('../features/onboarding/components/self-disclosure-layout.tsx'),
  'SelfDisclosureIndex',
);

// The order process and the investor's orders (issue 8): one chunk with the `orders` texts.
function ordersPage(name: keyof typeof import('../features/orders/order-pages.tsx')) {
  return pageWith(
    ['orders'],
    () => import('../features/orders/order-pages.tsx') as Promise<Record<typeof name, ComponentType>>,
    name,
  );
}

// The token register's investor pages (issue 16): one chunk with the `register` texts.
function registerPage(name: keyof typeof import('../features/register/register-pages.tsx')) {
  return pageWith(
    ['register'],
    () => import('../features/register/register-pages.tsx') as Promise<Record<typeof name, ComponentType>>,
    name,
  );
}

// The investor's payments (issue 17): received and expected payouts, with the `register` texts.
const paymentsPage = pageWith(
  ['register'],
  () => import('../features/payments/payments-page.tsx'),
  'PaymentsPage',
);

export { legalPageCodes } from './legal-pages.ts';

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
          { path: 'browse', lazy: marketplacePage('BrowsePage') },
          { path: 'categories/:categoryName', lazy: marketplacePage('CategoryPage') },
          { path: 'search', lazy: search },
          { path: 'cms/:code', lazy: cms },
          ...legalPageCodes.map((code) => ({ path: code, lazy: cms })),
          { path: 'contact', lazy: contact },
          { path: 'banned', lazy: banned },
          { path: 'login', lazy: login },
          { path: 'login/2fa', lazy: loginTwoFactor },
          { path: 'sign-up/:referralCode?', lazy: signUp },
          { path: 'reset-password', lazy: resetPassword },
          { path: 'new-password/:token', lazy: newPassword },
          { path: 'verify-email/:token', lazy: verifyEmail },
          { path: 'resend-verification', lazy: resendVerification },
          { path: 'confirm-email/:token', lazy: confirmEmail },
          // spec 2 lists /change-password beside /account/change-password: one screen, behind the login.
          { path: 'change-password', element: <Navigate replace to="/account/change-password" /> },
          { path: 'account', lazy: account },
          { path: 'account/edit', lazy: editProfile },
          { path: 'account/company-edit', lazy: editCompany },
          { path: 'account/change-password', lazy: changePassword },
          { path: 'account/change-email', lazy: changeEmail },
          { path: 'account/two-factor', lazy: twoFactor },
          { path: 'account/privacy', lazy: privacy },
          { path: 'account/custody', lazy: custodyAccount },
          { path: 'account/professional', lazy: professionalRequest },
          { path: 'account/attract-investors', lazy: attractInvestors },
          { path: 'favourites', lazy: favourites },
          { path: 'my-collection', lazy: myCollection },
          { path: 'notifications-settings', lazy: notificationsSettings },
          { path: 'edit-profile', lazy: editPublicProfile },
          { path: 'customer', lazy: customerProfile },
          { path: 'profile/:profileName', lazy: profileByName },
          { path: 'create-content', lazy: createContent },
          { path: 'create-content-form', lazy: createContentForm },
          // spec 2's collection process (decision 023): the draft on the server, the step in the URL
          { path: 'preparation-process/prepare-collection', lazy: prepareCollection },
          { path: 'preparation-process/metadata', lazy: collectionMetadata },
          { path: 'preparation-process/parameters', lazy: collectionParameters },
          { path: 'preparation-process/upload-content', lazy: uploadContent },
          { path: 'preparation-process/product-metadata', lazy: productMetadata },
          { path: 'preparation-process/collection-summary', lazy: collectionSummary },
          { path: 'preparation-process/*', element: <Navigate replace to="/create-content" /> },
          { path: 'created', lazy: created },
          { path: 'edit-product/:productCode', lazy: editProduct },
          { path: 'edit-product/:productCode/metadata', lazy: editProductMetadata },
          {
            // spec 2 self-disclosure: the shell (progress) around one page per step; a step is one
            // page file plus one line here
            path: 'self-disclosure',
            lazy: selfDisclosureLayout,
            children: [
              { index: true, lazy: selfDisclosureIndex },
              {
                path: 'company',
                lazy: onboardingPage(() => import('../features/onboarding/company-page.tsx'), 'CompanyPage'),
              },
              {
                path: 'personal',
                lazy: onboardingPage(
                  () => import('../features/onboarding/personal-page.tsx'),
                  'PersonalPage',
                ),
              },
              {
                path: 'pep',
                lazy: onboardingPage(() => import('../features/onboarding/pep-page.tsx'), 'PepPage'),
              },
              {
                path: 'representatives',
                lazy: onboardingPage(
                  () => import('../features/onboarding/representatives-page.tsx'),
                  'RepresentativesPage',
                ),
              },
              {
                path: 'ubo',
                lazy: onboardingPage(() => import('../features/onboarding/ubo-page.tsx'), 'UboPage'),
              },
              {
                path: 'ubo-documents',
                lazy: onboardingPage(
                  () => import('../features/onboarding/ubo-documents-page.tsx'),
                  'UboDocumentsPage',
                ),
              },
              {
                path: 'adequacy-optional',
                lazy: onboardingPage(
                  () => import('../features/onboarding/adequacy-optional-page.tsx'),
                  'AdequacyOptionalPage',
                ),
              },
              {
                path: 'adequacy-professional',
                lazy: onboardingPage(
                  () => import('../features/onboarding/adequacy-professional-page.tsx'),
                  'AdequacyProfessionalPage',
                ),
              },
              {
                path: 'adequacy',
                lazy: onboardingPage(
                  () => import('../features/onboarding/adequacy-page.tsx'),
                  'AdequacyPage',
                ),
              },
              {
                path: 'adequacy-risk',
                lazy: onboardingPage(
                  () => import('../features/onboarding/adequacy-risk-page.tsx'),
                  'AdequacyRiskPage',
                ),
              },
              {
                path: 'custody',
                lazy: onboardingPage(() => import('../features/onboarding/custody-page.tsx'), 'CustodyPage'),
              },
              {
                path: 'kyc',
                lazy: onboardingPage(() => import('../features/onboarding/kyc-page.tsx'), 'KycPage'),
              },
            ],
          },
          {
            // spec 2 orderProcess: the progress around one page per step
            path: 'order-process',
            lazy: ordersPage('CheckoutLayout'),
            children: [
              { index: true, element: <Navigate replace to="/order-process/token" /> },
              { path: 'token', lazy: ordersPage('TokenStepPage') },
              { path: 'addresses', lazy: ordersPage('AddressesStepPage') },
              { path: 'payment-methods', lazy: ordersPage('PaymentStepPage') },
              { path: 'confirmation', lazy: ordersPage('ConfirmationStepPage') },
            ],
          },
          { path: 'thank-you-for-offline-payment', lazy: ordersPage('ThankYouPage') },
          { path: 'orders/:uuid/finish', lazy: ordersPage('OrderFinishPage') },
          { path: 'payment/success', lazy: ordersPage('PaymentSuccessPage') },
          { path: 'payment/cancel', lazy: ordersPage('PaymentCancelPage') },
          { path: 'account/orders', lazy: ordersPage('OrdersPage') },
          { path: 'order-details/:uuid', lazy: ordersPage('OrderDetailsPage') },
          { path: 'invoices', lazy: ordersPage('InvoicesPage') },
          { path: 'account/wallet', lazy: registerPage('DepotPage') },
          { path: 'account/exerpts', lazy: registerPage('ExcerptsPage') },
          { path: 'account/payments', lazy: paymentsPage },
          { path: 'transfer/:tkn', lazy: registerPage('TransferPage') },
          { path: 'enable-twofactor', lazy: registerPage('EnableTwoFactorPage') },
          { path: 'admin', lazy: adminQueue },
          { path: 'admin/customers/:uuid', lazy: adminCustomer },
          { path: 'admin/orders', lazy: adminOrders },
          { path: 'admin/orders/:tokenValue', lazy: adminOrder },
          { path: 'admin/payments', lazy: adminPayments },
          { path: 'admin/bonds', lazy: adminBonds },
          { path: 'admin/bonds/new', lazy: adminNewBond },
          { path: 'admin/bonds/:code', lazy: adminRegister },
          { path: 'admin/referrals', lazy: adminReferrals },
          { path: 'admin/products', lazy: adminProducts },
          { path: 'admin/erasure-requests', lazy: adminErasureRequests },
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
