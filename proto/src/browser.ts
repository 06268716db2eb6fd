// The browser's entry of @app/proto (the frontends resolve `@app/proto` here): every module but subjects.ts, whose NATS
// subject names read process.env and mean nothing to a browser.
export * from './klasses';
export * from './errors';
export * from './context';
export * from './documents';
export * from './events';
export * from './identity';
export * from './accounts';
export * from './billing';
export * from './mail';
export * from './health';
export * from './receipts';
export * from './tickets';
export * from './people';
export * from './klass-docs';
export * from './http-api';
export * from './disk';
export * from './finance';
export * from './finance-records';
export * from './finance-statement';
export * from './finance-mapping';
export * from './reader';
export * from './notes';
export * from './live';
export * from './backup';
export * from './reports';
