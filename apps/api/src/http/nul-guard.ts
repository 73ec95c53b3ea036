import { AppError, type FieldViolation } from '@token/domain/errors';
import { forbiddenCharacterPaths } from '@token/domain/text';
import type { App } from './types.ts';

function violationsIn(value: unknown): FieldViolation[] {
  return forbiddenCharacterPaths(value).map((propertyPath) => ({ propertyPath, code: 'invalid_characters' }));
}

/**
 * The one place that refuses NUL and other control characters (`@token/domain/text`) in every
 * route's path parameters, query and JSON body, before validation and before anything reaches the
 * database (PostgreSQL answers a NUL in text with an error). Path and query: 400 `invalid_query`;
 * body: 422 `validation_failed`; both with an `invalid_characters` violation on the field.
 */
export function registerNulGuard(app: App) {
  app.addHook('preValidation', async (request) => {
    // Unknown paths answer 404 or the SPA whatever their query holds.
    if (request.is404) return;
    const inUrl = [...violationsIn(request.params), ...violationsIn(request.query)];
    if (inUrl.length > 0) throw new AppError('invalid_query', { violations: inUrl });
    const inBody = violationsIn(request.body);
    if (inBody.length > 0) throw new AppError('validation_failed', { violations: inBody });
  });
}
