import type { Tx } from '../client.ts';
import { DEMO_PASSWORD, demoInvestors } from './content/investors.ts';
import { seedInvestor } from './factories.ts';

/** The demo investors of docs/demo-data.md (outside production only; see seed-if-empty.ts). */
export async function seedDemoInvestors(tx: Tx, opts: { appSecret: string }): Promise<void> {
  for (const [i, d] of demoInvestors.entries()) {
    await seedInvestor(tx, {
      appSecret: opts.appSecret,
      password: DEMO_PASSWORD,
      email: d.email,
      salutation: d.salutation,
      firstName: d.firstName,
      lastName: d.lastName,
      mobileNumber: d.mobileNumber,
      locale: d.locale,
      twoFactorSecret: d.twoFactorSecret,
      referralCode: `DEMO${i + 1}INV`,
      address: d.address,
    });
  }
}
