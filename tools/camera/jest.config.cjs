// The simulated camera (npm run camera): MPEG-TS retiming, and the camera against a local protocol server.
module.exports = require('../../jest.preset.cjs')(__dirname);
