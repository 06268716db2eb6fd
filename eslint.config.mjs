// The lint of the whole repository (`npm run lint`, run by `make test` before the tests): ESLint's and typescript-eslint's
// recommended rules, the import boundaries of the architecture (`boundaries/imports`) and declared dependencies
// (`boundaries/declared-dependencies`), two small rules defined below. They are rules of their own rather than
// no-restricted-imports patterns because they resolve where an import leads: a relative path of any depth, import()
// and require() are judged by the package they reach.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const root = path.dirname(fileURLToPath(import.meta.url));

// The workspace packages, read from package.json, so a new module (services/<name>, frontends/<name>) is covered when
// it joins the workspaces. Each gets a kind; the kinds decide what a package may import.
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const declared = (pkg) =>
  new Set(['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((k) => Object.keys(pkg[k] ?? {})));
const rootDevDependencies = declared({ devDependencies: readJson('package.json').devDependencies });
const packages = readJson('package.json').workspaces.map((dir) => {
  const pkg = readJson(`${dir}/package.json`);
  return { dir, name: pkg.name, kind: kindOf(dir), declared: declared(pkg) };
});

function kindOf(dir) {
  if (dir === 'proto') return 'proto';
  if (dir === 'services/platform') return 'platform';
  if (dir.startsWith('services/')) return 'service';
  if (dir === 'gateway') return 'gateway';
  if (dir === 'frontends/shell') return 'host';
  if (dir === 'frontends/ui') return 'ui';
  if (dir === 'frontends/module-kit') return 'kit';
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
  kit: ['proto', 'ui'],
  host: ['proto', 'ui', 'kit'],
  remote: ['proto', 'ui', 'kit'],
};

const packageOfFile = (file) => {
  const rel = path.relative(root, file).split(path.sep).join('/');
  return packages.find((p) => rel === p.dir || rel.startsWith(`${p.dir}/`));
};
const packageOfName = (spec) => packages.find((p) => spec === p.name || spec.startsWith(`${p.name}/`));

// Calls and declarations that name a module: import/export … from, import(), require(), import x = require(), import('…').T
function moduleSpecifiers(check) {
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
}

// Tests and tool configs may also use the repository's tools (jest, swc, drizzle-kit: the root devDependencies).
const TOOLING = /(\.(spec|test)\.tsx?|\.config\.[cm]?ts|\/test-setup\.ts)$|\/(testing|test)\//;

/** @type {import('eslint').Rule.RuleModule} */
const declaredRule = {
  meta: {
    type: 'problem',
    docs: { description: "A workspace package imports only packages its package.json declares (or Node's own modules)" },
    schema: [],
  },
  create(context) {
    const own = packageOfFile(context.filename);
    if (!own) return {};
    const tooling = TOOLING.test(context.filename.split(path.sep).join('/'));
    return moduleSpecifiers((node, spec) => {
      if (typeof spec !== 'string' || spec.startsWith('.') || spec.startsWith('node:')) return;
      const parts = spec.split('/');
      const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      if (name === own.name || builtinModules.includes(name) || own.declared.has(name)) return;
      if (tooling && rootDevDependencies.has(name)) return;
      context.report({ node, message: `${own.name} imports ${name}, which ${own.dir}/package.json does not declare` });
    });
  },
};

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
    return moduleSpecifiers(check);
  },
};

function advice(own, to) {
  if (to && MAY_IMPORT[own.kind].includes(to.kind)) return `import it as '${to.name}'`;
  if (own.kind === 'proto') return 'the contract imports nothing of the project';
  const allowed = MAY_IMPORT[own.kind].flatMap((k) => packages.filter((p) => p.kind === k).map((p) => p.name));
  const shared = ['host', 'ui', 'kit', 'remote'].includes(own.kind) ? '@app/ui, @app/module-kit or @app/proto' : '@app/platform or @app/proto';
  return `it may import ${allowed.join(', ')} (by package name); shared code belongs in ${shared}`;
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
    plugins: { boundaries: { rules: { imports: importsRule, 'declared-dependencies': declaredRule } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'boundaries/imports': 'error',
      'boundaries/declared-dependencies': 'error',
      // `_`-prefixed names are deliberately unused (a parameter kept for the signature, a rest sibling that drops a key)
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Promises: one that nobody awaits or catches (no-floating-promises), and one handed where nothing waits for it (an
    // async callback to an event listener, a NATS subscription, setInterval: no-misused-promises), loses its error or
    // ends a Node process by an unhandledRejection. Both rules need the types: TypeScript files are linted with the
    // programs of `npm run typecheck` (the three tsconfig.check.json, one per side; a file in none of them is a parse
    // error here, so it gets a program before it gets linted). ESLint's --cache keys a result on the file alone: a
    // function of another file that turns async is seen by a clean run (CI's), not by a cached one.
    files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.check.json', './test/browser/tsconfig.check.json', './frontends/tsconfig.check.json'],
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // `void p` marks a promise deliberately not awaited: whoever writes it makes sure p cannot reject, or has
          // its own .catch (server side: a rejection nobody handles is logged and counted, and still a bug)
          ignoreVoid: true,
          // react-router types navigate() as `void | Promise<void>`: the promise is the data routers'
          // (createBrowserRouter); under the shell's <BrowserRouter> it returns nothing
          allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }],
        },
      ],
      // A JSX event handler may be async (onSubmit={form.handleSubmit(…)}, onClick={async () => …}): React drops what
      // a handler returns, a rejection there breaks nothing in the page, and the requests a handler starts report
      // their errors through react-query's mutation state. Arguments and properties (listeners, timers) are checked.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
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
    // the two classic rules of hooks; the plugin's React Compiler rules are left out (the app is not compiled by it)
    files: ['frontends/**/*.ts', 'frontends/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/test/**', 'test/**'],
    languageOptions: { globals: { ...globals.jest } },
    // tests read the JSON of answers field by field (the test HTTP client's body is `any`); the code they test is typed
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
