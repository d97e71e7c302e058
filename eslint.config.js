import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/generated/**', '**/node_modules/**', '.tools/**', '.data/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests read untyped JSON fixtures and protocol messages; typing every probe would add noise, not safety.
    files: ['**/*.test.ts', '**/test-support/**', '**/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
