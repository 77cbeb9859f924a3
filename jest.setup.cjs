require('reflect-metadata');
// testTimeout is a global option that per-project configs cannot set when jest runs every project at once;
// setting it here applies to each project alike. Booting PGlite and a whole platform takes seconds on a busy 2-core machine.
jest.setTimeout(30000);
