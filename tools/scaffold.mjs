// One-off helper that writes a project's project.json + jest config if missing. Kept for adding services.
// Usage: node tools/scaffold.mjs <apps|libs> <name> <scope> <type>
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const [kind, name, scope, type] = process.argv.slice(2);
const dir = join(kind, name);
mkdirSync(join(dir, 'src'), { recursive: true });
const projectName = kind === 'libs' ? `lib-${name}` : name;
const targets = {
  build: { executor: 'nx:run-commands', options: { command: `node tools/build.mjs ${dir}` }, outputs: [`{workspaceRoot}/dist/${dir}`] },
  test: { executor: 'nx:run-commands', options: { command: `jest -c ${dir}/jest.config.cjs --passWithNoTests` } },
  lint: { executor: 'nx:run-commands', options: { command: `eslint ${dir}` } },
};
if (kind === 'apps') targets.serve = { executor: 'nx:run-commands', dependsOn: ['build'], options: { command: `node dist/${dir}/src/main.js` } };
const pj = join(dir, 'project.json');
if (!existsSync(pj)) writeFileSync(pj, JSON.stringify({ name: projectName, $schema: '../../node_modules/nx/schemas/project-schema.json', sourceRoot: `${dir}/src`, projectType: kind === 'apps' ? 'application' : 'library', tags: [`scope:${scope}`, `type:${type}`], targets }, null, 2) + '\n');
const jc = join(dir, 'jest.config.cjs');
if (!existsSync(jc)) writeFileSync(jc, `module.exports = require('../../jest.preset.cjs')(__dirname);\n`);
