// Root config: every app and lib, and each tool with its own jest config (tools/deploy-check), is a jest
// project (npm test runs them all in one jest process).
const { readdirSync, existsSync } = require('node:fs');
const path = require('node:path');
const projects = ['apps', 'libs', 'tools'].flatMap((dir) =>
  readdirSync(path.join(__dirname, dir))
    .map((name) => path.join(__dirname, dir, name))
    .filter((p) => existsSync(path.join(p, 'jest.config.cjs'))),
);
module.exports = { projects };
