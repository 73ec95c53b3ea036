import type { StoragePort } from '../../partners/storage/port.ts';
import type { Database } from '../client.ts';
import { seedCatalog } from './catalog.ts';
import { seedChannel } from './channel.ts';
import { seedCms } from './cms.ts';
import { seedCreators } from './creators.ts';
import { seedDiscountCode } from './factories.ts';
import { seedDemoInvestors } from './investors.ts';
import { seedMarketplaceDemo } from './marketplace-demo.ts';
import { prepareDemoMedia, storeDemoMedia, storeDemoRenditions } from './media/demo-media.ts';
import { seedOnboardingDemo } from './onboarding-demo.ts';
import { seedDemoOperator } from './operators.ts';
import { seedReferenceData } from './reference.ts';
import { seedReferralDemo } from './referral-demo.ts';
import { seedRegisterDemo } from './register-demo.ts';
import { seedServicingDemo } from './servicing-demo.ts';

/**
 * Seeds the whole demo platform into an empty database (docs/demo-data.md): reference data, channel,
 * payment methods, taxons, attributes, creators, bonds and collectibles with their files, CMS pages
 * and blocks, and, when `demoAccounts` is given (never in production), the demo investors and the
 * demo operator with known passwords, and Jonas Wagner's register (a mint instruction queued for the
 * registrar: the job queues must exist first, `JobRunner.init`); all rows in one transaction.
 *
 * The files are produced and put into object storage while the first rows are inserted; the
 * transaction commits only once every file is stored, so a failure leaves no rows (stored files are
 * content-addressed and simply overwritten by the next attempt).
 */
export async function seedDemoData(opts: {
  db: Database;
  storage: StoragePort;
  demoAccounts?: { appSecret: string } | undefined;
}): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const media = prepareDemoMedia();
    const stored = media.then((m) => storeDemoMedia(opts.storage, m));
    // awaited below; this only keeps an early failure from counting as an unhandled rejection
    stored.catch(() => {});
    await seedReferenceData(tx);
    await seedChannel(tx);
    await seedCms(tx);
    const files = await media;
    const creatorIds = await seedCreators(tx, files);
    await seedCatalog(tx, { media: files, creatorIds });
    // spec 5 discount codes (decision 011): 2 % off any bond, 50 EUR off an order, one expired.
    await seedDiscountCode(tx, { code: 'WILLKOMMEN2', percentBasisPoints: 200 });
    await seedDiscountCode(tx, { code: 'START50', percentBasisPoints: null, amountCents: 5_000 });
    await seedDiscountCode(tx, {
      code: 'SOMMER2025',
      percentBasisPoints: 300,
      validUntil: new Date('2025-09-30T22:00:00Z'),
    });
    if (opts.demoAccounts) {
      await seedDemoInvestors(tx, opts.demoAccounts);
      await seedOnboardingDemo(tx, { ...opts.demoAccounts, storage: opts.storage });
      await seedDemoOperator(tx, opts.demoAccounts);
      await seedRegisterDemo(tx);
      await seedServicingDemo(tx);
      await seedReferralDemo(tx);
      await seedMarketplaceDemo(tx);
    }
    await stored;
    await storeDemoRenditions(tx, opts.storage, files);
  });
}
