// The benchmark's pure parts (statistics, report markers); the benchmark itself runs with `npm run bench`.
module.exports = require('../../jest.preset.cjs')(__dirname);
