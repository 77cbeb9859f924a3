module.exports = require('../../jest.preset.cjs')(__dirname, {
  globalSetup: '<rootDir>/test/generate-fixture-client.cjs',
});
