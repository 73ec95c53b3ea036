import { describe, expect, it } from 'vitest';
import { canMove } from '../lifecycle/index.ts';
import {
  creatorCollectionLifecycle,
  creatorCollectionUpdateInputSchema,
  emptyKeyViolations,
  submitViolations,
} from './creator-collections.ts';

const complete = creatorCollectionUpdateInputSchema.parse({
  name: 'Elbufer',
  artist: 'Anna Berg',
  minimumReservePrice: 0,
  mintingStart: '2026-12-01',
  mintingEnd: '2026-12-02',
  royalties: 50,
  network: 'ethereum',
  metadata: [{ key: 'Ort', value: 'Dresden' }],
});

describe('a collection’s submit rules (decision 023)', () => {
  it('lets a complete draft with an item through, at the edges of the ranges', () => {
    expect(submitViolations({ ...complete, itemCount: 1 })).toEqual([]);
  });

  it('wants the minting end after its start, not on the same day', () => {
    expect(submitViolations({ ...complete, mintingEnd: '2026-12-01', itemCount: 1 })).toEqual([
      { propertyPath: 'mintingEnd', code: 'minting_end_before_start' },
    ]);
    expect(submitViolations({ ...complete, mintingEnd: '2026-11-30', itemCount: 1 })).toEqual([
      { propertyPath: 'mintingEnd', code: 'minting_end_before_start' },
    ]);
  });

  it('names each missing field and the missing items', () => {
    const empty = creatorCollectionUpdateInputSchema.parse({ name: 'x', artist: 'y' });
    expect(submitViolations({ ...empty, itemCount: 0 }).map((v) => `${v.propertyPath}:${v.code}`)).toEqual([
      'minimumReservePrice:required',
      'mintingStart:required',
      'mintingEnd:required',
      'royalties:required',
      'network:must_be_selected',
      'items:collection_items_required',
    ]);
  });

  it('drops wholly empty rows and refuses a value without its key', () => {
    const parsed = creatorCollectionUpdateInputSchema.parse({
      ...complete,
      parameters: [
        { key: '', value: '' },
        { key: ' ', value: 'ohne' },
      ],
    });
    expect(parsed.parameters).toEqual([{ key: '', value: 'ohne' }]);
    expect(emptyKeyViolations(parsed)).toEqual([{ propertyPath: 'parameters.0.key', code: 'required' }]);
  });

  it('refuses out-of-range values and days that do not exist', () => {
    for (const bad of [
      { royalties: 51 },
      { royalties: -1 },
      { minimumReservePrice: -1 },
      { minimumReservePrice: 1.5 },
      { mintingStart: '2026-02-30' },
      { network: 'bitcoin' },
    ]) {
      expect(
        creatorCollectionUpdateInputSchema.safeParse({ ...complete, ...bad }).success,
        JSON.stringify(bad),
      ).toBe(false);
    }
  });

  it('submits a draft once; a submitted collection goes nowhere', () => {
    expect(canMove(creatorCollectionLifecycle, 'draft', 'submitted')).toBe(true);
    expect(canMove(creatorCollectionLifecycle, 'submitted', 'draft')).toBe(false);
    expect(canMove(creatorCollectionLifecycle, 'submitted', 'submitted')).toBe(false);
  });
});
