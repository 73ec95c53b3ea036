import type { Tx } from '../client.ts';
import { DEMO_PASSWORD } from './content/investors.ts';
import { demoOperator } from './content/operators.ts';
import { seedOperator } from './factories.ts';

/** The demo operator (outside production only, like the demo investors; see seed-if-empty.ts). */
export async function seedDemoOperator(tx: Tx, opts: { appSecret: string }): Promise<void> {
  await seedOperator(tx, {
    appSecret: opts.appSecret,
    password: DEMO_PASSWORD,
    ...demoOperator,
    referralCode: 'DEMOOPS1',
  });
}
