import type { CreatorView } from '@token/domain/catalog-views';
import { notFound } from '@token/domain/errors';
import type { PublicProfileView, SocialLink } from '@token/domain/marketplace';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type MediaRow, toCreatorView } from '../catalog/product-rows.ts';

type ProfileRow = {
  uuid: string;
  display_name: string | null;
  profile_name: string | null;
  profile_description: string | null;
  website: string | null;
  social_links: SocialLink[] | null;
  media_files: MediaRow[] | null;
};

/**
 * The public profile of a customer who is public: one with a profile name or with products they
 * created. Only what the creator chose to show: no e-mail, no legal names, public files only.
 */
export async function findPublicProfile(
  opts: { db: Db } & ({ uuid: string } | { profileName: string }),
): Promise<PublicProfileView | null> {
  const match: SQL =
    'uuid' in opts ? sql`c.uuid = ${opts.uuid.toLowerCase()}` : sql`c.profile_name = ${opts.profileName}`;
  const result = (await opts.db.execute(
    sql`select c.uuid, c.display_name, c.profile_name, c.profile_description, c.website, c.social_links,
      (select json_agg(json_build_object('id', f.id, 'uuid', f.uuid, 'fileName', f.file_name,
          'mimeType', f.mime_type, 'bucket', f.bucket, 'storageKey', f.storage_key, 'type', cm.type)
        order by cm.position, f.id)
      from customer_media_files cm join media_files f on f.id = cm.media_file_id
      where cm.customer_id = c.id and f.bucket = 'public') as media_files
    from customers c
    where ${match}
      and (c.profile_name is not null or exists (select 1 from products p where p.creator_id = c.id and p.enabled))`,
  )) as unknown as { rows: ProfileRow[] };
  const row = result.rows[0];
  return row ? toPublicProfile(row) : null;
}

/** The public profile by uuid or user name; 404 for a customer who is not public. */
export async function getPublicProfile(
  opts: { db: Db } & ({ uuid: string } | { profileName: string }),
): Promise<PublicProfileView> {
  const profile = await findPublicProfile(opts);
  if (!profile) throw notFound();
  return profile;
}

function toPublicProfile(row: ProfileRow): PublicProfileView {
  // The creator view's avatar rule.
  const creator = toCreatorView({
    uuid: row.uuid,
    displayName: row.display_name,
    profileName: row.profile_name,
    mediaFiles: row.media_files,
  }) as CreatorView;
  return {
    uuid: row.uuid,
    displayName: row.display_name?.trim() || row.profile_name || '',
    profileName: row.profile_name,
    bio: row.profile_description,
    website: row.website,
    socialLinks: row.social_links ?? [],
    profileImage: creator.profileImage,
    mediaFiles: creator.mediaFiles,
  };
}
