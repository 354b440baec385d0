// @ts-check
// `import-x/no-cycle` skips `import type`, so a cycle closed by a type-only import goes unseen.
// This rule starts from each type-only import and follows every import of the project's own files
// (relative or `#src/…`), type or value.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

/** Where `#src/…` points (package.json `imports`). */
const SRC = resolve(import.meta.dirname, '../../src');
/** What a relative specifier may leave off, in the order the resolver tries. */
const ENDINGS = ['', '.ts', '.tsx', '.js', '.mjs', '.astro', '/index.ts'];

/** @type {Map<string, string[]>} each file's relative imports, resolved: read once per lint run */
const importsByFile = new Map();

/** @param {string} from @param {string} specifier */
function resolveRelative(from, specifier) {
  let base;
  if (specifier.startsWith('#src/')) base = resolve(SRC, specifier.slice('#src/'.length));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return undefined;
  return ENDINGS.map((ending) => base + ending).find((path) => existsSync(path) && statSync(path).isFile());
}

/** @param {string} file @returns {string[]} */
function importsOf(file) {
  let imports = importsByFile.get(file);
  if (!imports) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    imports = importedFiles.flatMap(({ fileName }) => resolveRelative(file, fileName) ?? []);
    importsByFile.set(file, imports);
  }
  return imports;
}

/** Whether `target` is reached from `start` by following imports. @param {string} start @param {string} target */
function leadsTo(start, target) {
  const seen = new Set([start]);
  const queue = [start];
  for (let file = queue.shift(); file; file = queue.shift()) {
    for (const next of importsOf(file)) {
      if (next === target) return true;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

/** @typedef {{ importKind?: string, specifiers: { importKind?: string }[] }} ImportKinds  as typescript-eslint parses them */

/** @type {import('eslint').Rule.RuleModule} */
export const typeImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids import cycles closed by a type-only import' },
    messages: { cycle: 'Dependency cycle through this type-only import of "{{source}}".' },
    schema: [],
  },
  create(context) {
    return {
      ImportDeclaration(node) {
        const { importKind, specifiers } = /** @type {ImportKinds} */ (/** @type {unknown} */ (node));
        const typeOnly =
          importKind === 'type' ||
          (specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type'));
        const source = String(node.source.value);
        const imported = typeOnly ? resolveRelative(context.filename, source) : undefined;
        if (imported && leadsTo(imported, context.filename)) {
          context.report({ node, messageId: 'cycle', data: { source } });
        }
      },
    };
  },
};
