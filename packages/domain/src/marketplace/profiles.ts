import { z } from 'zod';
import { violation } from '../accounts/schemas.ts';
import { mediaFileViewSchema } from '../catalog-views/index.ts';

/** Networks a social link may name; anything else is `other`. */
export const socialNetworks = [
  'instagram',
  'x',
  'facebook',
  'linkedin',
  'youtube',
  'tiktok',
  'discord',
  'telegram',
  'github',
  'other',
] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

/** At most this many social links on a profile. */
export const maxSocialLinks = 5;

/** A public web address: https only, so a profile link never downgrades the reader's connection. */
export const httpsUrlSchema = z
  .string()
  .trim()
  .max(300)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' && u.hostname.includes('.') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, violation('invalid_https_url'));

export const socialLinkSchema = z.strictObject({
  network: z.enum(socialNetworks),
  url: httpsUrlSchema,
});
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const socialLinksSchema = z.array(socialLinkSchema).max(maxSocialLinks);

/** The user name of a public profile: 3-30 letters, digits, '.', '_' or '-'. */
export const profileNameSchema = z
  .string()
  .trim()
  .min(3)
  .max(30)
  .regex(/^[A-Za-z0-9._-]+$/);

/** The name a creator shows publicly (never taken from their legal names). */
export const displayNameSchema = z.string().trim().max(60);

/** The profile fields of PUT customers/{uuid} (spec 3 public profile). */
export const publicProfileInputFields = {
  displayName: displayNameSchema.nullable().optional(),
  profileName: profileNameSchema.nullable().optional(),
  profileDescription: z.string().trim().max(1000).nullable().optional(),
  website: z
    .union([z.literal(''), httpsUrlSchema])
    .nullable()
    .optional(),
  socialLinks: socialLinksSchema.optional(),
};

/**
 * spec 3 public profile (GET public-profiles/{uuid}): what a creator chose to show, nothing private
 * (no e-mail, no legal names). `bio` is the profile description; `profileImage` the avatar's path.
 */
export const publicProfileViewSchema = z.object({
  uuid: z.uuid(),
  displayName: z.string(),
  profileName: z.string().nullable(),
  bio: z.string().nullable(),
  website: z.string().nullable(),
  socialLinks: z.array(z.object({ network: z.enum(socialNetworks), url: z.string() })),
  profileImage: z.string().nullable(),
  mediaFiles: z.array(mediaFileViewSchema),
});
export type PublicProfileView = z.infer<typeof publicProfileViewSchema>;

/** The /edit-profile form: the same rules, with '' for a field left empty (sent as null). */
export const publicProfileFormSchema = z.object({
  displayName: displayNameSchema,
  profileName: z.union([z.literal(''), profileNameSchema]),
  profileDescription: z.string().trim().max(1000),
  website: z.union([z.literal(''), httpsUrlSchema]),
  socialLinks: socialLinksSchema,
});
export type PublicProfileForm = z.infer<typeof publicProfileFormSchema>;
