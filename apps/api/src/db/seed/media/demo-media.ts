import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq, inArray } from 'drizzle-orm';
import { imageRenditions } from '../../../modules/content/media-uploads.service.ts';
import type { StoragePort } from '../../../partners/storage/port.ts';
import type { Tx } from '../../client.ts';
import { mediaFiles } from '../../schema/index.ts';
import { type BondSeed, bondSeeds } from '../content/bonds.ts';
import { type CollectibleSeed, collectibleSeeds, creatorSeeds } from '../content/collectibles.ts';
import { renderArtwork, renderAvatar } from './artwork.ts';
import { type LegalDocumentType, renderLegalPdf } from './legal-pdf.ts';

export type MediaType = 'image' | 'audio' | 'video' | 'document';

/** A demo file with its bytes and the storage key the media_files row points at. */
export type SeedFile = {
  fileName: string;
  mimeType: string;
  mediaType: MediaType;
  bucket: 'public';
  storageKey: string;
  sha256: string;
  size: number;
  bytes: Buffer;
};

/** Folders under the bucket: product pictures, audio and video; creator avatars; legal PDFs. */
export type MediaKind = 'products' | 'creators' | 'legal-documents';

/** storageKey convention: `<bucket>/<kind>/<first 16 hex of sha256>-<fileName>`. */
export function storageKeyOf(opts: {
  bucket: 'public' | 'private';
  kind: MediaKind;
  sha256: string;
  fileName: string;
}) {
  return `${opts.bucket}/${opts.kind}/${opts.sha256.slice(0, 16)}-${opts.fileName}`;
}

function seedFile(
  kind: MediaKind,
  fileName: string,
  mimeType: string,
  mediaType: MediaType,
  bytes: Buffer,
): SeedFile {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return {
    fileName,
    mimeType,
    mediaType,
    bucket: 'public',
    storageKey: storageKeyOf({ bucket: 'public', kind, sha256, fileName }),
    sha256,
    size: bytes.length,
    bytes,
  };
}

const assetUrl = (name: string) => new URL(`../assets/${name}`, import.meta.url);
const assetCache = new Map<string, Promise<Buffer>>();
/** A committed audio or video file from seed/assets (read once per process). */
function readAsset(name: string): Promise<Buffer> {
  let hit = assetCache.get(name);
  if (!hit) {
    hit = readFile(assetUrl(name));
    assetCache.set(name, hit);
  }
  return hit;
}

const COVER = { width: 600, height: 600 };
const POSTER = { width: 800, height: 450 };

export type DemoMedia = {
  bondImages: Map<string, SeedFile>;
  bondDocuments: Map<string, Record<LegalDocumentType, SeedFile>>;
  /** Per collectible: its files in media order (content first, then cover or poster). */
  collectibleFiles: Map<string, SeedFile[]>;
  avatars: Map<string, SeedFile>;
  all: SeedFile[];
};

const documentFileName = (type: LegalDocumentType, bond: BondSeed) =>
  `${type === 'information_sheet' ? 'wertpapier-informationsblatt' : 'anleihebedingungen'}-${bond.slug.de}.pdf`;

async function collectibleFiles(c: CollectibleSeed): Promise<SeedFile[]> {
  const size = c.taxon === 'collectibles_music' ? COVER : c.taxon === 'collectibles_video' ? POSTER : {};
  const image = seedFile(
    'products',
    c.image.fileName,
    'image/png',
    'image',
    await renderArtwork({ ...c.image, ...size }),
  );
  if (!c.content) return [image];
  const mediaType = c.content.mimeType === 'audio/mpeg' ? 'audio' : 'video';
  const content = seedFile(
    'products',
    c.content.asset,
    c.content.mimeType,
    mediaType,
    await readAsset(c.content.asset),
  );
  return [content, image];
}

/**
 * Draws, renders and reads every demo file: bond pictures and PDFs, collectible pictures, audio and
 * video, creator avatars. Independent files are produced concurrently.
 */
export async function prepareDemoMedia(): Promise<DemoMedia> {
  const [bondImages, bondDocuments, collectibles, avatars] = await Promise.all([
    Promise.all(
      bondSeeds.map(
        async (b) =>
          [
            b.code,
            seedFile('products', b.image.fileName, 'image/png', 'image', await renderArtwork(b.image)),
          ] as const,
      ),
    ),
    Promise.all(
      bondSeeds.map(async (b) => {
        const [sheet, terms] = await Promise.all([
          renderLegalPdf('information_sheet', b),
          renderLegalPdf('bond_terms', b),
        ]);
        const docs: Record<LegalDocumentType, SeedFile> = {
          information_sheet: seedFile(
            'legal-documents',
            documentFileName('information_sheet', b),
            'application/pdf',
            'document',
            sheet,
          ),
          bond_terms: seedFile(
            'legal-documents',
            documentFileName('bond_terms', b),
            'application/pdf',
            'document',
            terms,
          ),
        };
        return [b.code, docs] as const;
      }),
    ),
    Promise.all(collectibleSeeds.map(async (c) => [c.code, await collectibleFiles(c)] as const)),
    Promise.all(
      creatorSeeds.map(async (c) => {
        const bytes = await renderAvatar({
          initials: `${c.firstName[0]}${c.lastName[0]}`,
          palette: c.avatar.palette,
          seed: c.profileName,
        });
        return [
          c.profileName,
          seedFile('creators', `${c.profileName}-avatar.png`, 'image/png', 'image', bytes),
        ] as const;
      }),
    ),
  ]);
  const media: DemoMedia = {
    bondImages: new Map(bondImages),
    bondDocuments: new Map(bondDocuments),
    collectibleFiles: new Map(collectibles),
    avatars: new Map(avatars),
    all: [],
  };
  media.all = [
    ...media.bondImages.values(),
    ...[...media.bondDocuments.values()].flatMap((d) => [d.information_sheet, d.bond_terms]),
    ...[...media.collectibleFiles.values()].flat(),
    ...media.avatars.values(),
  ];
  return media;
}

/** Puts every file's bytes into object storage under its key. */
export async function storeDemoMedia(storage: StoragePort, media: DemoMedia): Promise<void> {
  await Promise.all(media.all.map((f) => storage.put(f.storageKey, f.bytes, f.mimeType)));
}

/**
 * The demo pictures' WebP renditions (sm..xxxl), as an upload gets them, written onto their rows:
 * listings and item pages then load a picture of the width they show (decision 021), not the PNG.
 * Runs once the rows exist and the files are stored.
 */
export async function storeDemoRenditions(tx: Tx, storage: StoragePort, media: DemoMedia): Promise<void> {
  const images = media.all.filter((f) => f.mediaType === 'image');
  if (images.length === 0) return;
  const rows = await tx
    .select({
      id: mediaFiles.id,
      uuid: mediaFiles.uuid,
      bucket: mediaFiles.bucket,
      storageKey: mediaFiles.storageKey,
    })
    .from(mediaFiles)
    .where(
      inArray(
        mediaFiles.storageKey,
        images.map((f) => f.storageKey),
      ),
    );
  const bytesByKey = new Map(images.map((f) => [f.storageKey, f.bytes]));
  for (const row of rows) {
    const bytes = bytesByKey.get(row.storageKey);
    if (!bytes) continue;
    const renditions = await imageRenditions(storage, row, bytes);
    await tx.update(mediaFiles).set({ renditions }).where(eq(mediaFiles.id, row.id));
  }
}
