/** Writes docs/asyncapi.json from the event contracts (npm run docs:asyncapi). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAsyncApiDocument } from '@dcp/contracts';

const target = join(__dirname, '../../../docs/asyncapi.json');
writeFileSync(target, JSON.stringify(buildAsyncApiDocument(), null, 2) + '\n');
process.stdout.write(`wrote ${target}\n`);
