import { describe, expect, it } from 'vitest';
import { emptyProductForm, type ProductForm, toProductInput, validateProductForm } from './product-form.ts';
import { mediaFileForTests } from './test-support.ts';

const filled: ProductForm = {
  ...emptyProductForm,
  mediaFiles: [mediaFileForTests()],
  price: '12,50',
  translations: { de: { name: 'Wald', description: '' }, en: { name: 'Forest', description: '' } },
  termsAccepted: true,
  noCopyrightInfringement: true,
};

describe('the item form (spec 3/5), judged by the API schema', () => {
  it('converts the euro price to cents and sends a valid body', () => {
    const judged = validateProductForm(filled, 'en', 'create');
    expect(judged.errors).toBeNull();
    expect(judged.input).toMatchObject({
      price: 1250,
      currency: 'EUR',
      mediaFiles: ['/api/v2/shop/media-files/7'],
      copies: 1,
      royalties: 10,
      translations: { de: { name: 'Wald', locale: 'de' }, en: { name: 'Forest', locale: 'en' } },
    });
    expect(toProductInput({ ...filled, price: '1.234,5' }).price).toBe(123_450);
    expect(toProductInput({ ...filled, price: '7' }).price).toBe(700);
  });

  it('says which price is wrong: missing, not a number, negative', () => {
    expect(validateProductForm({ ...filled, price: '' }, 'en', 'create').errors).toMatchObject({
      price: expect.any(String),
    });
    expect(validateProductForm({ ...filled, price: '12,5x' }, 'de', 'create').errors?.price).toBeTruthy();
    expect(validateProductForm({ ...filled, price: '-3' }, 'en', 'create').errors?.price).toBeTruthy();
  });

  it('needs both type and value of a trait row; a wholly empty row is dropped', () => {
    const half = validateProductForm(
      {
        ...filled,
        traits: [
          { type: 'Colour', value: '' },
          { type: '', value: '' },
        ],
      },
      'en',
      'create',
    );
    expect(Object.keys(half.errors ?? {})).toEqual(['traits.0.value']);
    const whole = validateProductForm(
      { ...filled, traits: [{ type: 'Colour', value: 'Green' }] },
      'en',
      'create',
    );
    expect(whole.input?.traits).toEqual([{ type: 'Colour', value: 'Green' }]);
  });

  it('drops metadata rows whose key is empty', () => {
    const judged = validateProductForm(
      {
        ...filled,
        metadata: [
          { key: '', value: 'lost' },
          { key: 'camera', value: 'Leica' },
        ],
      },
      'en',
      'create',
    );
    expect(judged.input?.metadata).toEqual([{ key: 'camera', value: 'Leica' }]);
  });

  it('requires the terms and the no-copyright-infringement confirmation, the file and the titles', () => {
    const judged = validateProductForm({ ...emptyProductForm, price: '5' }, 'de', 'create');
    expect(Object.keys(judged.errors ?? {}).sort()).toEqual(
      [
        'mediaFiles',
        'noCopyrightInfringement',
        'termsAccepted',
        'translations.de.name',
        'translations.en.name',
      ].sort(),
    );
    expect(judged.errors?.mediaFiles).toBe('Es wurde keine Datei hochgeladen.');
    // the edit form does not ask for them again
    expect(validateProductForm({ ...filled, termsAccepted: false }, 'en', 'edit').errors).toBeNull();
  });

  it('sends copies only for a multiple item, and judges them', () => {
    expect(toProductInput({ ...filled, copies: '25' }).copies).toBe(1);
    expect(toProductInput({ ...filled, itemType: 'multiple', copies: '25' }).copies).toBe(25);
    expect(
      validateProductForm({ ...filled, itemType: 'multiple', copies: '0' }, 'en', 'create').errors,
    ).toMatchObject({
      copies: expect.any(String),
    });
    expect(validateProductForm({ ...filled, royalties: '51' }, 'en', 'create').errors).toMatchObject({
      royalties: expect.any(String),
    });
  });

  it('splits tags at commas', () => {
    expect(toProductInput({ ...filled, tags: ' forest, , fog ' }).tags).toEqual(['forest', 'fog']);
  });
});
