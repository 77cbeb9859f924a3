// Unit specs of the console's own logic (src/**/*.spec.ts, plain TypeScript without a DOM). The browser
// specs drive the built console in Chromium against the embedded platform: apps/platform/test/console.
module.exports = require('../../jest.preset.cjs')(__dirname, { testMatch: ['<rootDir>/src/**/*.spec.ts'] });
