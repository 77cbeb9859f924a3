// Checks of the deployment artifacts (docker/, k8s/). kubernetes-models is ESM-only and exports only the
// "import" condition, which jest's CommonJS resolver never picks: map its entry points to their files and
// let SWC turn those packages (and their ESM dependencies) into CommonJS.
const path = require('node:path');
const preset = require('../../jest.preset.cjs')(__dirname);
const modules = path.join(__dirname, '../../node_modules');
const esmPackages = 'kubernetes-models|@kubernetes-models|is-cidr|cidr-regex';

module.exports = {
  ...preset,
  transformIgnorePatterns: preset.transformIgnorePatterns.map((p) => p.replace('(?!(', `(?!(${esmPackages}|`)),
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^kubernetes-models/(.+)$': path.join(modules, 'kubernetes-models/$1/index.js'),
    '^@kubernetes-models/(base|validate)$': path.join(modules, '@kubernetes-models/$1/dist/index.js'),
    '^@kubernetes-models/validate/runtime/(.+)$': path.join(modules, '@kubernetes-models/validate/dist/runtime/$1.js'),
    '^@kubernetes-models/apimachinery/(.+)$': path.join(modules, '@kubernetes-models/apimachinery/$1.js'),
  },
};
