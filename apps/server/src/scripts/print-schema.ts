import { writeFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { schema } from '../platform/graphql/schema';

/** Writes the GraphQL schema the web's typed documents are checked against. */
const target = new URL('../../../web/src/graphql/schema.graphql', import.meta.url);
writeFileSync(target, `${printSchema(schema)}\n`);
console.log(`schema written to ${target.pathname}`);
