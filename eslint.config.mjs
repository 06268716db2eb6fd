// The lint of the whole repository (`npm run lint`, run by `make test` before the tests): ESLint's and typescript-eslint's
// recommended rules, and the import boundaries of the architecture as the rule `boundaries/imports` below.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const root = path.dirname(fileURLToPath(import.meta.url));

// The workspace packages, read from package.json, so a new module (services/<name>, frontends/<name>) is covered when
// it joins the workspaces. Each gets a kind; the kinds decide what a package may import.
const packages = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces.map((dir) => {
  const { name } = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  return { dir, name, kind: kindOf(dir) };
});

function kindOf(dir) {
  if (dir === 'proto') return 'proto';
  if (dir === 'services/platform') return 'platform';
  if (dir.startsWith('services/')) return 'service';
  if (dir === 'gateway') return 'gateway';
  if (dir === 'frontends/shell') return 'host';
  if (dir === 'frontends/ui') return 'ui';
  if (dir.startsWith('frontends/')) return 'remote';
  return 'free'; // bench: measures the whole product, may import anything
}

// What each kind of package may import of the project (besides itself). proto imports nothing of the project; a
// service or the gateway only the contract and the shared runtime; the web side no server code, and a module remote
// not the shell that hosts it.
const MAY_IMPORT = {
  proto: [],
  platform: ['proto'],
  service: ['proto', 'platform'],
  gateway: ['proto', 'platform'],
  ui: ['proto'],
  host: ['proto', 'ui'],
  remote: ['proto', 'ui'],
};

const packageOfFile = (file) => {
  const rel = path.relative(root, file).split(path.sep).join('/');
  return packages.find((p) => rel === p.dir || rel.startsWith(`${p.dir}/`));
};
const packageOfName = (spec) => packages.find((p) => spec === p.name || spec.startsWith(`${p.name}/`));

/** @type {import('eslint').Rule.RuleModule} */
const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A package imports only the packages its kind may import, and only by their package name' },
    schema: [],
  },
  create(context) {
    const own = packageOfFile(context.filename);
    if (!own || !MAY_IMPORT[own.kind]) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      if (spec.startsWith('.')) {
        // a relative path may not leave its package: another package is reached by its name, where this rule sees it
        const target = path.resolve(path.dirname(context.filename), spec);
        const to = packageOfFile(target);
        if (to !== own) {
          const where = to ? to.name : path.relative(root, target);
          context.report({ node, message: `${own.name} reaches ${where} by a relative path ('${spec}'); ${advice(own, to)}` });
        }
        return;
      }
      const to = packageOfName(spec);
      if (to && to !== own && !MAY_IMPORT[own.kind].includes(to.kind)) {
        context.report({ node, message: `${own.name} may not import ${to.name} ('${spec}'); ${advice(own, to)}` });
      }
    };
    const literal = (n) => (n && n.type === 'Literal' ? n.value : undefined);
    return {
      ImportDeclaration: (n) => check(n, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n, n.source.value),
      ExportAllDeclaration: (n) => check(n, n.source.value),
      ImportExpression: (n) => check(n, literal(n.source)),
      TSImportEqualsDeclaration: (n) =>
        n.moduleReference.type === 'TSExternalModuleReference' && check(n, literal(n.moduleReference.expression)),
      TSImportType: (n) => check(n, literal(n.argument?.type === 'TSLiteralType' ? n.argument.literal : n.argument)),
      CallExpression: (n) => n.callee.type === 'Identifier' && n.callee.name === 'require' && check(n, literal(n.arguments[0])),
    };
  },
};

function advice(own, to) {
  const allowed = MAY_IMPORT[own.kind].map((k) => packages.filter((p) => p.kind === k).map((p) => p.name)).flat();
  const may = allowed.length ? `it may import ${allowed.join(', ')} (by package name)` : 'it imports nothing of the project';
  if (to && MAY_IMPORT[own.kind].includes(to.kind)) return `import it as '${to.name}'`;
  return `${may}; shared code belongs in ${own.kind === 'service' || own.kind === 'gateway' ? '@app/platform or @app/proto' : '@app/proto or @app/ui'}`;
}

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.run/**',
      'test/browser/screenshots/**',
      '**/drizzle/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { boundaries: { rules: { imports: importsRule } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'boundaries/imports': 'error',
      // `_`-prefixed names are deliberately unused (a parameter kept for the signature, a rest sibling that drops a key)
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // the root package has no "type": "module", so .js files are CommonJS and load modules with require()
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter, which must be an object pattern, even `{}`
    files: ['test/browser/**', 'bench/**'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    files: ['frontends/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/test/**', 'test/**'],
    languageOptions: { globals: { ...globals.jest } },
    // tests read the JSON of answers field by field (the test HTTP client's body is `any`); the code they test is typed
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
