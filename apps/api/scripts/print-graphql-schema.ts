/**
 * Prints the shop's GraphQL schema to `apps/api/graphql/schema.graphql` (`npm run graphql:schema`);
 * a test fails while the committed file differs from the schema the code builds.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { printedSchemaPath, printShopSchema } from '../src/graphql/schema.ts';

const target = join(import.meta.dirname, '../../..', printedSchemaPath);
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, printShopSchema());
console.log(`wrote ${printedSchemaPath}`);
