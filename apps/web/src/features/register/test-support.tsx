import type { CustomerResource } from '@token/domain/accounts';
import type {
  RegisterEntryView,
  RegisterExcerptListItem,
  TokenAssetView,
  TransferView,
} from '@token/domain/register';
import type { WalletView } from '@token/domain/wallets';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { type ApiHandler, mockApi } from '../../lib/test-api.tsx';
import { customerRecordForTests, storeSessionForTests } from '../../lib/test-session.ts';

/* Tests only: the register's fixtures as the API's views answer them, and a mocked shop API. */

export const testUuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';
export const walletAddress = '0x52908400098527886E0F7030069857D2E4169EE7';

export function storeTestSession(): void {
  storeSessionForTests({ id: 'sess-1', uuid: testUuid, validMs: 10 * 60_000 });
}

export async function switchLanguage(locale: 'de' | 'en'): Promise<void> {
  await i18n.changeLanguage(locale);
  await loadNamespace('register');
}

/** An approved investor with a custody wallet; two-factor on unless told otherwise. */
export function investor(overrides: Partial<CustomerResource> = {}): CustomerResource {
  return customerRecordForTests({
    id: 7,
    uuid: testUuid,
    email: 'erika@example.com',
    firstName: 'Erika',
    lastName: 'Mustermann',
    fullName: 'Erika Mustermann',
    onboarding: { nextRoute: null, steps: [], mayBuy: true, banner: null },
    status: 'approved',
    cryptoRegistrarStatus: 'approved',
    kycPassed: true,
    defaultWallet: walletAddress,
    twoFactorEnabled: true,
    enabled2Fa: true,
    ...overrides,
  } as Parameters<typeof customerRecordForTests>[0]);
}

export const wallet: WalletView = {
  id: 3,
  type: 'custody',
  name: 'Verwahrungs-Wallet',
  address: walletAddress,
  defaultWallet: true,
  createdAt: '2026-11-20T10:00:00.000Z',
};

/** A bond of 100 EUR per token: 120 minted (20 of them in a pending transfer), 30 paid, not yet minted. */
export function asset(overrides: Partial<TokenAssetView> = {}): TokenAssetView {
  return {
    product: { id: 1, code: 'SOLAR-2031', name: 'Solarpark Anleihe 2031' },
    productVariant: { code: 'SOLAR-2031-V', name: 'Solarpark Anleihe 2031', editionNumber: null },
    amount: 150,
    minted: 120,
    notMinted: 30,
    pendingOutgoing: 20,
    nominalPerTokenCents: 10_000,
    mintedNominalCents: 1_200_000,
    coupon: '5.50',
    maturityDate: '2031-06-30',
    nextPaymentDate: '2027-06-30',
    ...overrides,
  };
}

/** A second bond, wholly minted, without a next payment date. */
export const windAsset = asset({
  product: { id: 2, code: 'WIND-2029', name: 'Windpark Anleihe 2029' },
  productVariant: { code: 'WIND-2029-V', name: 'Windpark Anleihe 2029', editionNumber: null },
  amount: 300,
  minted: 300,
  notMinted: 0,
  pendingOutgoing: 0,
  nominalPerTokenCents: 1_000,
  mintedNominalCents: 300_000,
  coupon: '4.00',
  nextPaymentDate: null,
  maturityDate: '2029-12-31',
});

export const entries: RegisterEntryView[] = [
  {
    product: 'SOLAR-2031',
    sequence: 4,
    kind: 'mint',
    amount: 120,
    direction: 'in',
    counterparty: null,
    transactionHash: '0x9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    recordedAt: '2026-11-21T09:00:00.000Z',
    status: 'confirmed',
  },
  {
    product: 'SOLAR-2031',
    sequence: null,
    kind: 'transfer',
    amount: 20,
    direction: 'out',
    counterparty: '0xAb5…eC9B',
    transactionHash: null,
    recordedAt: '2026-11-26T15:30:00.000Z',
    status: 'pending',
  },
];

export function transferView(overrides: Partial<TransferView> = {}): TransferView {
  return {
    id: 11,
    product: 'SOLAR-2031',
    productVariant: 'SOLAR-2031-V',
    amount: 10,
    direction: 'out',
    beneficiary: 'max@example.com',
    status: 'pending',
    transactionHash: null,
    createdAt: '2026-11-27T08:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

export const excerpts: RegisterExcerptListItem[] = [
  {
    id: 21,
    number: 'RA-2026-000002',
    type: 'manual',
    product: 'SOLAR-2031',
    createdAt: '2026-11-25T10:00:00.000Z',
    language: 'de',
  },
  {
    id: 20,
    number: 'RA-2026-000001',
    type: 'after_transaction',
    product: 'SOLAR-2031',
    createdAt: '2026-11-21T09:05:00.000Z',
    language: 'en',
  },
];

/**
 * The shop API as the register's pages call it: the customer, wallets, token assets and entries
 * from the fixtures; `extra` answers first (writes, failures).
 */
export function mockRegisterApi(
  opts: {
    customer?: CustomerResource;
    wallets?: WalletView[];
    assets?: TokenAssetView[];
    entries?: RegisterEntryView[];
    excerpts?: RegisterExcerptListItem[];
  } = {},
  extra: ApiHandler = () => undefined,
) {
  return mockApi((call, request) => {
    const answer = extra(call, request);
    if (answer) return answer;
    const { url, method } = call;
    if (method !== 'GET') return undefined;
    if (url === `/api/v2/shop/customers/${testUuid}`) return Response.json(opts.customer ?? investor());
    if (url === '/api/v2/shop/wallets?itemsPerPage=400') return Response.json(opts.wallets ?? [wallet]);
    if (url === '/api/v2/shop/token-assets') return Response.json(opts.assets ?? [asset()]);
    if (url.startsWith('/api/v2/shop/register-entries?')) {
      const product = new URL(url, 'http://x').searchParams.get('product');
      return Response.json((opts.entries ?? entries).filter((e) => e.product === product));
    }
    if (url === '/api/v2/shop/register-excerpts') return Response.json(opts.excerpts ?? excerpts);
    return undefined;
  });
}
