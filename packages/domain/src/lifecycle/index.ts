import { AppError } from '../errors/index.ts';

/**
 * The generic lifecycle tables of convention 7, shared by onboarding (KYC, registrar, customer
 * status) and orders (checkout, payment, shipping): states, for each state the states it may move
 * to, and `assertCanTransition`. Code asks the tables, never `includes('approved')`.
 */

/** A lifecycle: its states and, for each state, the states it may move to. */
export type Lifecycle<S extends string> = {
  name: string;
  states: readonly S[];
  transitions: Readonly<Record<S, readonly S[]>>;
};

export function canTransition<S extends string>(lifecycle: Lifecycle<S>, from: S | null, to: S): boolean {
  if (from === null) return true;
  if (from === to) return true;
  return lifecycle.transitions[from].includes(to);
}

/** A real move: `from` is set, differs from `to`, and the table allows it (staying put is no move). */
export function canMove<S extends string>(lifecycle: Lifecycle<S>, from: S | null, to: S): boolean {
  return from !== null && from !== to && canTransition(lifecycle, from, to);
}

/** Throws 409 `invalid_transition` when `from` may not move to `to` (same state: a no-op, allowed). */
export function assertCanTransition<S extends string>(lifecycle: Lifecycle<S>, from: S | null, to: S): void {
  if (!canTransition(lifecycle, from, to)) {
    throw new AppError('invalid_transition', { detail: `${lifecycle.name}: ${from} -> ${to}` });
  }
}

export function isStateOf<S extends string>(lifecycle: Lifecycle<S>, value: unknown): value is S {
  return typeof value === 'string' && (lifecycle.states as readonly string[]).includes(value);
}
