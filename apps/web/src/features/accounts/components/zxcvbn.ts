import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// This module is large (the common-password dictionary): password-strength.tsx imports it
// dynamically, so only the screens with a new password load it, after their first paint.
zxcvbnOptions.setOptions({ dictionary, graphs: adjacencyGraphs });

/** 0 (too guessable) to 4 (very unguessable); `userInputs` (name, e-mail) count as guessable. */
export function scorePassword(password: string, userInputs: string[] = []): 0 | 1 | 2 | 3 | 4 {
  return zxcvbn(password, userInputs.filter(Boolean)).score;
}
