import type { Tx } from '../client.ts';
import { creatorSeeds } from './content/collectibles.ts';
import { seedCreator } from './factories.ts';
import type { DemoMedia } from './media/demo-media.ts';
import { insertMediaFiles } from './media-rows.ts';

const FIRST_CREATOR_AT = Date.parse('2025-11-03T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

/** The creators (customers without credentials) with their avatars; returns customer ids by profile name. */
export async function seedCreators(tx: Tx, media: DemoMedia): Promise<Map<string, number>> {
  const createdAt = (i: number) => new Date(FIRST_CREATOR_AT + i * DAY);
  const avatarIds = await insertMediaFiles(
    tx,
    creatorSeeds.map((c, i) => ({ file: media.avatars.get(c.profileName)!, createdAt: createdAt(i) })),
  );
  const ids = new Map<string, number>();
  for (const [i, c] of creatorSeeds.entries()) {
    const creator = await seedCreator(tx, {
      email: `${c.profileName}@creators.example`,
      firstName: c.firstName,
      lastName: c.lastName,
      // the demo creators show their names on their public profiles (spec 3 display name)
      displayName: `${c.firstName} ${c.lastName}`,
      profileName: c.profileName,
      profileDescription: c.profileDescription,
      accountType: 'personal',
      createdAt: createdAt(i),
      updatedAt: createdAt(i),
      avatarMediaFileId: avatarIds.get(media.avatars.get(c.profileName)!.storageKey)!,
    });
    ids.set(c.profileName, creator.id);
  }
  return ids;
}
