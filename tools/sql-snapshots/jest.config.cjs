// The raw-SQL snapshot check (sql-snapshots.spec.ts): libs/*/queries/*.sql against the SQL the code sends.
module.exports = require('../../jest.preset.cjs')(__dirname);
