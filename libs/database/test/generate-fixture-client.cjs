// jest globalSetup: make sure the fixture service's Prisma client is generated (a no-op when its stamp
// matches; postinstall normally did it already).
const { execFileSync } = require('node:child_process');
const path = require('node:path');

module.exports = function generateFixtureClient() {
  const root = path.resolve(__dirname, '../../..');
  execFileSync(process.execPath, [path.join(root, 'tools/prisma-generate.mjs'), path.join(__dirname, 'fixtures/widget/prisma/schema.prisma')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
};
