import { execFileSync } from 'child_process';
import * as path from 'path';

// The import rules of eslint.config.mjs (boundaries/imports: the architecture's boundaries; boundaries/declared-dependencies:
// a package imports what its package.json declares), run through ESLint's API on snippets placed at made-up paths in
// each kind of package, so a change to the config or to the folders cannot make the rules silently stop matching.
// ESLint loads its ESM config, which jest's module system cannot, hence a child process.
const ROOT = path.resolve(__dirname, '../..');

interface Case {
  file: string;
  code: string;
  /** the rule expected to report it (forbidden cases); default boundaries/imports */
  rule?: string;
}

/** The boundaries/* messages (and parse errors) ESLint gives each snippet, linted as if it were the file named. */
function boundaryMessages(cases: Case[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    import path from 'node:path';
    import tseslint from 'typescript-eslint';
    // the made-up files are in no TypeScript program: the type-aware rules (and the programs) are left out
    const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: tseslint.configs.disableTypeChecked });
    const out = [];
    for (const c of JSON.parse(process.argv[1])) {
      const [result] = await eslint.lintText(c.code, { filePath: path.join(process.cwd(), c.file) });
      out.push(result.messages.filter((m) => m.ruleId?.startsWith('boundaries/') || m.fatal).map((m) => (m.ruleId ?? 'fatal') + ': ' + m.message));
    }
    console.log(JSON.stringify(out));
  `;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(cases)], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(stdout) as string[][];
}

const forbidden: Record<string, Case> = {
  'a service importing another service by name': { file: 'services/tickets/src/x.ts', code: "import { AccountsModule } from '@app/accounts';\n" },
  "a service's test helper reaching another service by a relative path": {
    file: 'services/tickets/src/testing/x.ts',
    code: "import { ctxOf } from '../../../accounts/src/testing/accounts-harness';\nexport { ctxOf };\n",
  },
  "a service's spec loading another service with import()": {
    file: 'services/tickets/src/x.spec.ts',
    code: "export const load = () => import('@app/identity');\n",
  },
  "a service naming another service's type with import('…')": {
    file: 'services/tickets/src/x.ts',
    code: "export type M = import('@app/accounts').AccountsModule;\n",
  },
  'a service re-exporting from another service': { file: 'services/accounts/src/x.ts', code: "export * from '@app/tickets';\n" },
  'the gateway importing a service': { file: 'gateway/src/x.ts', code: "import { IdentityModule } from '@app/identity';\nexport { IdentityModule };\n" },
  'the gateway reaching a service by a relative path': {
    file: 'gateway/src/auth/x.ts',
    code: "import type { X } from '../../../services/identity/src/index';\nexport type Y = X;\n",
  },
  'the platform importing a service': { file: 'services/platform/src/x.ts', code: "import '@app/accounts';\n" },
  'proto importing the platform': { file: 'proto/src/x.ts', code: "import { AppError } from '@app/platform';\nexport { AppError };\n" },
  'proto reaching the platform by a relative path': { file: 'proto/src/x.ts', code: "import '../../services/platform/src/index';\n" },
  'the shared web library importing server code': { file: 'frontends/ui/src/x.ts', code: "import { AppError } from '@app/platform';\nexport { AppError };\n" },
  'the shell importing the gateway by a relative path': { file: 'frontends/shell/src/x.tsx', code: "import '../../../gateway/src/main';\n" },
  'a module remote importing a service': { file: 'frontends/tickets/src/x.ts', code: "import '@app/tickets';\n" },
  'a module remote importing its host by name': { file: 'frontends/tickets/src/x.tsx', code: "import { App } from '@app/shell';\nexport { App };\n" },
  'a module remote importing its host by a relative path': { file: 'frontends/tickets/src/pages/x.tsx', code: "import '../../../shell/src/App';\n" },
  'a module remote reaching proto by a relative path instead of its package name': {
    file: 'frontends/tickets/src/lib/x.ts',
    code: "export { ticketTitle } from '../../../../proto/src/tickets';\n",
  },
  "a service importing a package its package.json does not declare (another service's)": {
    file: 'services/identity/src/x.ts',
    code: "import Stripe from 'stripe';\nexport { Stripe };\n",
    rule: 'boundaries/declared-dependencies',
  },
  "product code importing one of the repository's tools (a root devDependency)": {
    file: 'services/identity/src/x.ts',
    code: "import { defineConfig } from 'drizzle-kit';\nexport { defineConfig };\n",
    rule: 'boundaries/declared-dependencies',
  },
};

const allowed: Record<string, Case> = {
  'a service importing proto, the platform (and its testing/ helpers) and its own files': {
    file: 'services/tickets/src/testing/x.ts',
    code: "import '@app/proto';\nimport '@app/platform';\nimport '@app/platform/testing/eventually';\nimport '../tickets.module';\nimport 'pg';\n",
  },
  'the gateway importing proto and the platform': { file: 'gateway/src/x.ts', code: "import '@app/proto';\nimport '@app/platform';\n" },
  'a module remote importing proto and the shared web library': { file: 'frontends/tickets/src/x.tsx', code: "import '@app/proto';\nimport '@app/ui';\nimport 'react';\n" },
  "a service importing its declared packages and Node's own modules": {
    file: 'services/identity/src/x.ts',
    code: "import 'pg';\nimport '@nestjs/common';\nimport 'node:fs';\nimport 'crypto';\n",
  },
  "a spec or a tool config using the repository's tools (root devDependencies)": {
    file: 'services/platform/src/x.spec.ts',
    code: "import '@swc/core';\nimport 'drizzle-kit';\n",
  },
  'proto importing zod': { file: 'proto/src/x.ts', code: "import { z } from 'zod';\nexport const s = z.string();\n" },
  'an e2e test reaching a service test helper by a relative path (the test tier may)': {
    file: 'test/e2e/x.spec.ts',
    code: "import '../../services/accounts/src/billing/testing/fake-stripe';\n",
  },
};

describe('import boundaries (eslint.config.mjs boundaries/imports)', () => {
  const forbiddenCases = Object.entries(forbidden);
  const allowedCases = Object.entries(allowed);
  let messages: string[][];

  beforeAll(() => {
    messages = boundaryMessages([...forbiddenCases, ...allowedCases].map(([, c]) => c));
  }, 60_000);

  it.each(forbiddenCases.map(([title, c], i) => [title, c, i] as const))('reports %s', (_title, c, i) => {
    const rules = messages[i].map((m) => m.slice(0, m.indexOf(': ')));
    expect(rules).toContain(c.rule ?? 'boundaries/imports');
    expect(rules).not.toContain('fatal');
  });

  it.each(allowedCases.map(([title, c], i) => [title, c, forbiddenCases.length + i] as const))('allows %s', (_title, _c, i) => {
    expect(messages[i]).toEqual([]);
  });
});
