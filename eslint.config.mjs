import nx from '@nx/eslint-plugin';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const services = ['sso', 'edge', 'device', 'permission', 'storage', 'firmware', 'push'];

export default [
  { ignores: ['**/dist', '**/node_modules', '**/generated', '.nx', 'tmp', 'coverage'] },
  ...tseslint.configs.recommended.map((c) => ({ ...c, files: ['**/*.ts', '**/*.tsx'] })),
  // The operator console (apps/console): React's rules of hooks and the JSX accessibility rules (WCAG 2.1 AA).
  { ...reactHooks.configs.flat['recommended-latest'], files: ['apps/console/**/*.tsx', 'apps/console/**/*.ts'] },
  { ...jsxA11y.flatConfigs.strict, files: ['apps/console/**/*.tsx'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
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
            // The console knows the platform only through the admin API (types generated from its OpenAPI document).
            { sourceTag: 'scope:console', onlyDependOnLibsWithTags: [] },
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
