// One jest run for the whole monorepo. Workspace packages are mapped to their sources so tests need no build.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', decorators: true }, target: 'es2022', transform: { legacyDecorator: true, decoratorMetadata: true } } }];
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': swc,
    // ESM-only packages that CommonJS code loads with require() (Node 20.19 can; Jest's sandbox cannot): compiled to
    // CommonJS. content-disposition 3 comes with @fastify/static, which bull-board's fastify adapter loads.
    '/node_modules/content-disposition/.+\\.js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
  moduleNameMapper: {
    '^@app/proto$': '<rootDir>/proto/src/index.ts',
    '^@app/platform$': '<rootDir>/services/platform/src/index.ts',
    '^@app/platform/(.*)$': '<rootDir>/services/platform/src/$1',
    '^@app/identity$': '<rootDir>/services/identity/src/index.ts',
    '^@app/accounts$': '<rootDir>/services/accounts/src/index.ts',
    '^@app/tickets$': '<rootDir>/services/tickets/src/index.ts',
    '^@app/disk$': '<rootDir>/services/disk/src/index.ts',
    '^@app/finance$': '<rootDir>/services/finance/src/index.ts',
    '^@app/reader$': '<rootDir>/services/reader/src/index.ts',
    '^@app/notes$': '<rootDir>/services/notes/src/index.ts',
  },
  testMatch: ['**/src/**/*.spec.ts', '**/test/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/frontends/', '<rootDir>/test/browser/'],
  globalSetup: '<rootDir>/test/global-setup.js',
  globalTeardown: '<rootDir>/test/global-teardown.js',
  setupFiles: ['<rootDir>/test/setup-env.js'],
  testTimeout: 30000,
  // a worker whose heap passed this after a file is started again before its next one. A jest worker keeps what a
  // file leaves registered with Node outside jest's sandbox (prom-client's GC observers were, until closed with their
  // registries), and its last end-to-end files ran 3–5× slower at 1.5 GB of heap (docs/decisions.md, the suite's length)
  workerIdleMemoryLimit: '600MB',
};
