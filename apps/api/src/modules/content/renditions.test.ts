import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { StoragePort } from '../../partners/storage/port.ts';
import { imageRenditions } from './media-uploads.service.ts';

/** A store that keeps objects in a map and fails the `failAt`-th put (1-based), as a full disk would. */
function memoryStorage(failAt: number) {
  const objects = new Map<string, Buffer>();
  let puts = 0;
  const storage = {
    async put(key: string, bytes: Buffer) {
      puts += 1;
      if (puts === failAt) throw new Error('disk full');
      objects.set(key, bytes);
    },
    async remove(key: string) {
      objects.delete(key);
    },
  } as Pick<StoragePort, 'put' | 'remove'> as StoragePort;
  return { storage, objects };
}

describe('image renditions', () => {
  it('leave no file behind when storing one of them fails half-way', async () => {
    // 3000 px wide: every size sm..xxxl is its own file
    const bytes = await sharp({
      create: { width: 3000, height: 20, channels: 3, background: { r: 10, g: 90, b: 60 } },
    })
      .png()
      .toBuffer();
    const whole = memoryStorage(0);
    const made = await imageRenditions(whole.storage, { bucket: 'public', uuid: 'u1' }, bytes);
    expect(whole.objects.size).toBe(Object.keys(made).length);
    expect(whole.objects.size).toBeGreaterThan(3);

    const failing = memoryStorage(3);
    await expect(imageRenditions(failing.storage, { bucket: 'public', uuid: 'u2' }, bytes)).rejects.toThrow(
      'disk full',
    );
    expect([...failing.objects.keys()]).toEqual([]);
  });
});
