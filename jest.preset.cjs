// Shared jest settings: SWC transpiles TS (with decorator metadata) and the ESM-only Nest 12 packages,
// which jest's own module loader cannot require on Node < 24.9 (@fastify/static is listed for its ESM-only
// content-disposition, in its own node_modules; jose, the JWT library of the push providers, ships ESM only).
const path = require('node:path');
const root = __dirname;

/** @param {string} projectDir absolute path of the project */
module.exports = function preset(projectDir, overrides = {}) {
  return {
    displayName: path.relative(root, projectDir),
    rootDir: projectDir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/**/*.spec.ts'],
    transform: {
      '^.+\\.(t|j|mj|cj)s$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', decorators: true },
            transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
            target: 'es2022',
            keepClassNames: true,
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: ['/node_modules/(?!(@electric-sql|@prisma/schema-engine-wasm|@nestjs|load-esm|file-type|@nats-io|uint8array-extras|strtok3|token-types|@tokenizer|@borewit|@fastify/static|content-disposition|jose)/)'],
    moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
    moduleNameMapper: {
      '^@dcp/([a-z-]+)$': path.join(root, 'libs/$1/src/index.ts'),
    },
    setupFilesAfterEnv: [path.join(root, 'jest.setup.cjs')],
    testTimeout: 90000,
    ...overrides,
  };
};
