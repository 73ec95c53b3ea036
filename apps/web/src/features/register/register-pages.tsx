/*
 * The token register's investor pages (issue 16), one chunk loaded with the `register` texts:
 * the depot, the transfer, the two-factor prompt before it, the register excerpts.
 */
export { DepotPage } from './depot-page.tsx';
export { EnableTwoFactorPage } from './enable-two-factor-page.tsx';
export { ExcerptsPage } from './excerpts-page.tsx';
export { TransferPage } from './transfer-page.tsx';
