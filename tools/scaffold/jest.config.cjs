// The scaffold proof (scaffold.spec.ts): the README's lists for adding an operation and a consumer, run in a copy of the workspace.
module.exports = require('../../jest.preset.cjs')(__dirname);
