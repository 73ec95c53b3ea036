import { safeRedirectPath } from '@token/domain/navigation';
import { useSearchParams } from 'react-router';

/**
 * Where a login returns to: the wanted page of `redirectPath` (spec 2), never another site; and
 * the query that carries it on to the next login step.
 */
export function useLoginTarget(): { target: string; query: string } {
  const [params] = useSearchParams();
  const raw = params.get('redirectPath');
  const target = safeRedirectPath(raw);
  return { target, query: raw ? `?${new URLSearchParams({ redirectPath: target })}` : '' };
}
