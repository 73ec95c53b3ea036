import type { Lifecycle } from '../lifecycle/index.ts';

/**
 * A registrar instruction's lifecycle (convention 7): the platform `submitted` a mint, transfer or
 * burn to the registrar (with an idempotency key); the registrar `confirmed` it (transaction hash,
 * block time; the journal records the entry then) or `refused` it. Both answers are final; a repeated
 * confirmation of a confirmed instruction is a no-op (`canTransition` allows staying put).
 */
export const registrarInstructionKinds = ['mint', 'transfer', 'burn'] as const;
export type RegistrarInstructionKind = (typeof registrarInstructionKinds)[number];

export const registrarInstructionStates = ['submitted', 'confirmed', 'refused'] as const;
export type RegistrarInstructionState = (typeof registrarInstructionStates)[number];

export const registrarInstructionLifecycle: Lifecycle<RegistrarInstructionState> = {
  name: 'registrar_instruction',
  states: registrarInstructionStates,
  transitions: {
    submitted: ['confirmed', 'refused'],
    confirmed: [],
    refused: [],
  },
};
