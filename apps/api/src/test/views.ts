import { expect } from 'vitest';
import type { z } from 'zod';

/**
 * Asserts that an answer is exactly the domain's view (convention 6): every field present with its
 * type, none more. Zod drops keys a schema does not name, at any depth, so an extra field shows as a
 * difference between the answer and its parse.
 */
export function expectExactView(schema: z.ZodType, body: unknown) {
  expect(schema.parse(body)).toStrictEqual(body);
}
