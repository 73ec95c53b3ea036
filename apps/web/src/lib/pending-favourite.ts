import type { QueryClient } from '@tanstack/react-query';
import { addFavouriteUnlessPresent } from './favourites.ts';
import { onSessionStart } from './session.tsx';

/** spec 4: a logged-out favourite is remembered (session storage) and the visitor is sent to the login. */
export const pendingFavouriteKey = 'pendingFavourite';

/** spec 4: remembers the product whose heart a visitor pressed, for after the login. */
export function rememberPendingFavourite(productCode: string): void {
  try {
    sessionStorage.setItem(pendingFavouriteKey, productCode);
  } catch {
    // not remembered; the login still happens
  }
}

/** Takes the remembered product out of storage (once). */
export function takePendingFavourite(): string | null {
  try {
    const code = sessionStorage.getItem(pendingFavouriteKey);
    if (code) sessionStorage.removeItem(pendingFavouriteKey);
    return code;
  } catch {
    return null;
  }
}

/** spec 4: after login the favourites load and the remembered product is added unless present. */
export async function addPendingFavourite(queryClient: QueryClient): Promise<void> {
  const code = takePendingFavourite();
  if (!code) return;
  try {
    await addFavouriteUnlessPresent(queryClient, code);
  } catch {
    // a product gone meanwhile is simply not added
  }
}

// Whoever loaded a heart may log in next: the session runs this when it starts.
onSessionStart(addPendingFavourite);
