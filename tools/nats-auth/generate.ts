/** Writes k8s/base/nats-auth.conf from the contracts and the code (nats-permissions.ts): `npm run nats:auth`. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, renderAuthorization } from './nats-permissions';

export const NATS_AUTH_FILE = 'k8s/base/nats-auth.conf';

if (require.main === module) {
  writeFileSync(join(ROOT, NATS_AUTH_FILE), renderAuthorization());
  process.stdout.write(`wrote ${NATS_AUTH_FILE}\n`);
}
