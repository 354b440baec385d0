// @ts-check
import eslintPluginAstro from 'eslint-plugin-astro';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';
import { typeImportCycles } from './scripts/lint/typeImportCycles.js';

const OTHER_FOLDER = { regex: '^\\.\\./', message: 'Import another folder of src/ through #src/.' };
const SERVER = {
  regex: '^#src/(server|firstPaint/server)/',
  message: 'The browser imports nothing of the server: put a shape both use in src/lib/shapes.',
};
const STORES = {
  regex: '^#src/stores/',
  message:
    "The server and src/lib import nothing of the browser's stores: put a shape both use in src/lib/shapes.",
};

const ZOD =
  "Zod stays out of the browser's bundles: import a schema's types (`import type`), and its rules from the shape's plain module.";

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench/results/'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  ...eslintPluginAstro.configs.recommended,
  // Type information covers the TypeScript modules. In .astro files typescript-eslint cannot see
  // Astro's own types (every `Astro.props` reads as an error type), so they get the rules that need
  // none, and `astro check` checks their types.
  { files: ['**/*.{js,mjs,cjs,astro}', '**/*.astro/*.ts'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // `async` without `await` is how a function that promises a result turns a synchronous
      // throw into a rejection (the SQLite store, test doubles of fetch).
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Vitest's and Playwright's asymmetric matchers (`expect.stringMatching`...) are typed `any`.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,astro}'],
    plugins: { 'import-x': importX, shop: { rules: { 'type-import-cycles': typeImportCycles } } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.astro'],
      'import-x/parsers': {
        '@typescript-eslint/parser': ['.ts', '.tsx'],
        'astro-eslint-parser': ['.astro'],
      },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.astro', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'shop/type-import-cycles': 'error',
      // One way to write an import of the project's own files: with the file's extension (as Node
      // needs for the server's TypeScript), and from another folder of src/ through `#src/`.
      'import-x/extensions': ['error', 'always', { ignorePackages: true, checkTypeImports: true }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.{1,2}/)+src/', message: 'Import src/ through #src/.' }] },
      ],
    },
  },
  {
    files: ['src/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [OTHER_FOLDER] }],
    },
  },
  // The browser's code and the server's meet only in src/lib: shapes that cross the line live there.
  {
    files: ['src/stores/**', 'src/islands/**', 'src/firstPaint/browser/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [OTHER_FOLDER, SERVER] }] },
  },
  // What the server reads of the first frame's browser code (the held scripts' type) meets it on
  // src/lib's terms.
  {
    files: ['src/lib/**', 'src/firstPaint/browser/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [OTHER_FOLDER, SERVER, STORES] }] },
  },
  {
    files: ['src/server/**', 'src/firstPaint/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [OTHER_FOLDER, STORES] }] },
  },
  // Zod is the server's: the browser's code, and what src/lib gives it, take a schema's types only.
  {
    files: ['src/stores/**', 'src/islands/**', 'src/scripts/**', 'src/lib/**'],
    ignores: ['src/lib/shapes/*.schema.ts', 'src/lib/shapes/fields.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['astro/zod', 'zod'].map((name) => ({ name, message: ZOD, allowTypeImports: true })),
          patterns: [{ regex: '\\.schema\\.ts$', message: ZOD, allowTypeImports: true }],
        },
      ],
    },
  },
);
