/*
 * The wallet extension's provider (EIP-1193: `window.ethereum`), as far as the connect button uses
 * it: `eth_accounts` (connected accounts, no prompt), `eth_requestAccounts` (asks the person to
 * connect) and the `accountsChanged` event.
 */

export type Eip1193Provider = {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  on?(event: 'accountsChanged', listener: (accounts: unknown) => void): void;
  removeListener?(event: 'accountsChanged', listener: (accounts: unknown) => void): void;
};

/** The injected provider, or null when no wallet extension is installed. */
export function ethereumProvider(): Eip1193Provider | null {
  const candidate = (globalThis as { ethereum?: unknown }).ethereum;
  if (candidate && typeof (candidate as Eip1193Provider).request === 'function') {
    return candidate as Eip1193Provider;
  }
  return null;
}

/** The accounts an EIP-1193 call answered (addresses as strings), else none. */
export function accountsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((a): a is string => typeof a === 'string') : [];
}

/**
 * spec 8: wallet-extension errors are shown as `code: message` with the optional data, else
 * 'An unexpected Error Occurred' (`fallback`, in the visitor's language). EIP-1193 errors carry a
 * numeric `code` (4001 user rejected, 4100 unauthorised, …) and a `message`.
 */
export function walletErrorText(err: unknown, fallback: string): string {
  if (err && typeof err === 'object') {
    const { code, message, data } = err as { code?: unknown; message?: unknown; data?: unknown };
    if ((typeof code === 'number' || typeof code === 'string') && typeof message === 'string' && message) {
      const extra =
        data === undefined || data === null
          ? ''
          : ` (${typeof data === 'string' ? data : JSON.stringify(data)})`;
      return `${code}: ${message}${extra}`;
    }
  }
  return fallback;
}
