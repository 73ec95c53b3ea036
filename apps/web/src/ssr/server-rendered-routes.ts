import { legalPageCodes } from '../app/legal-pages.ts';

/**
 * The public pages the server renders (decision 021), by their route path in app/router.tsx, with
 * the module each one loads lazily (the server preloads its chunks from the Vite manifest, and
 * scripts/web-size.mjs measures them). Every other route gets the client-rendered shell, as the
 * logged-in area always has; `*` is the page-not-found, rendered with status 404.
 */
export const serverRenderedRoutes: Record<string, string> = {
  'products/:productCode': 'src/features/products/product-page.tsx',
  browse: 'src/features/browse/browse-page.tsx',
  'categories/:categoryName': 'src/features/browse/browse-page.tsx',
  search: 'src/features/search/search-page.tsx',
  customer: 'src/features/profiles/profile-page.tsx',
  'profile/:profileName': 'src/features/profiles/profile-page.tsx',
  'cms/:code': 'src/features/cms/cms-page.tsx',
  ...Object.fromEntries(legalPageCodes.map((code) => [code, 'src/features/cms/cms-page.tsx'])),
  contact: 'src/features/contact/contact-page.tsx',
  login: 'src/features/accounts/login-page.tsx',
  'sign-up/:referralCode?': 'src/features/accounts/sign-up-page.tsx',
  '*': 'src/features/system/not-found-page.tsx',
};
