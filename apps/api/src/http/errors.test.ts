import { AppError, errorMessage, notFound, validationFailed } from '@token/domain/errors';
import { negotiateLocale } from '@token/domain/i18n';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './errors.ts';

// The error handler alone, with routes that throw what services throw.
const app = Fastify();
beforeAll(async () => {
  app.decorateRequest('locale', 'de');
  app.addHook('onRequest', async (request) => {
    request.locale = negotiateLocale(undefined, request.headers['accept-language']);
  });
  app.setErrorHandler(errorHandler);
  app.get('/company', async () => {
    throw new AppError('company_name_exists', { detail: 'Tokenwerk Capital GmbH is registered already' });
  });
  app.get('/product', async () => {
    throw notFound();
  });
  app.get('/bank', async () => {
    throw validationFailed([
      { propertyPath: 'bic', code: 'invalid_bic' },
      { propertyPath: 'amount', code: 'too_big', params: { value: 10_000 } },
    ]);
  });
  app.get('/teapot', async () => {
    throw new AppError('bad_request', { status: 418 });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('errorHandler with AppError', () => {
  it("answers the catalogue's status and sentence as title, and the error's own detail", async () => {
    const res = await app.inject({ url: '/company', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      status: 422,
      code: 'company_name_exists',
      title: 'The company name already exists',
      detail: 'Tokenwerk Capital GmbH is registered already',
    });
  });

  it('repeats the sentence as detail when the error has none', async () => {
    const res = await app.inject({ url: '/product' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      title: errorMessage('not_found', 'de'),
      detail: errorMessage('not_found', 'de'),
    });
  });

  it("words a service's violations in the request's language", async () => {
    const de = (await app.inject({ url: '/bank' })).json();
    expect(de).toMatchObject({ status: 422, code: 'validation_failed' });
    expect(de.violations).toEqual([
      { propertyPath: 'bic', code: 'invalid_bic', message: 'Bitte geben Sie eine gültige BIC ein' },
      { propertyPath: 'amount', code: 'too_big', message: 'Dieser Wert darf nicht größer als 10000 sein' },
    ]);
    const en = (await app.inject({ url: '/bank', headers: { 'accept-language': 'en' } })).json();
    expect(en.violations[0].message).toBe('Please enter a valid BIC');
  });

  it('honours a status override', async () => {
    const res = await app.inject({ url: '/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toMatchObject({ status: 418, code: 'bad_request' });
  });
});
