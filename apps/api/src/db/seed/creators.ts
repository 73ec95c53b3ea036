import type { Tx } from '../client.ts';
import { customerMediaFiles, customers } from '../schema/index.ts';
import { creatorSeeds } from './content/collectibles.ts';
import type { DemoMedia } from './media/demo-media.ts';
import { insertMediaFiles } from './media-rows.ts';

const FIRST_CREATOR_AT = Date.parse('2025-11-03T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

/** The creators (customers without credentials) with their avatars; returns customer ids by profile name. */
export async function seedCreators(tx: Tx, media: DemoMedia): Promise<Map<string, number>> {
  const createdAt = (i: number) => new Date(FIRST_CREATOR_AT + i * DAY);
  const rows = await tx
    .insert(customers)
    .values(
      creatorSeeds.map((c, i) => ({
        email: `${c.profileName}@creators.example`,
        firstName: c.firstName,
        lastName: c.lastName,
        profileName: c.profileName,
        profileDescription: c.profileDescription,
        accountType: 'personal' as const,
        createdAt: createdAt(i),
        updatedAt: createdAt(i),
      })),
    )
    .returning({ id: customers.id, profileName: customers.profileName });
  const ids = new Map(rows.map((r) => [r.profileName!, r.id]));
  const avatars = creatorSeeds.map((c, i) => ({
    file: media.avatars.get(c.profileName)!,
    createdAt: createdAt(i),
  }));
  const mediaIds = await insertMediaFiles(tx, avatars);
  await tx.insert(customerMediaFiles).values(
    creatorSeeds.map((c) => ({
      customerId: ids.get(c.profileName)!,
      mediaFileId: mediaIds.get(media.avatars.get(c.profileName)!.storageKey)!,
      type: 'avatar',
      position: 0,
    })),
  );
  return ids;
}
