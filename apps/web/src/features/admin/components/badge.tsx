import type { ReactNode } from 'react';
import { badgeClass, type Tone } from './labels.ts';

/** A small coloured label (status, identification state, queue reason). */
export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={badgeClass(tone)}>{children}</span>;
}
