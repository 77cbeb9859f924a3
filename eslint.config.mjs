import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const services = ['sso', 'edge', 'device', 'permission', 'storage', 'firmware'];

export default [
  { ignores: ['**/dist', '**/node_modules', '**/generated', '.nx', 'tmp', 'coverage'] },
  ...tseslint.configs.recommended.map((c) => ({ ...c, files: ['**/*.ts'] })),
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      // Module boundaries (README, Architecture): a service lib imports only shared libs, never another service's lib.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            ...services.map((s) => ({ sourceTag: `scope:${s}`, onlyDependOnLibsWithTags: ['scope:shared', `scope:${s}`] })),
            { sourceTag: 'scope:sandbox', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:platform', onlyDependOnLibsWithTags: ['scope:shared', ...services.map((s) => `scope:${s}`)] },
            { sourceTag: 'type:service', notDependOnLibsWithTags: ['type:app'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.spec.ts', 'libs/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
