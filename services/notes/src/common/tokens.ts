/** Nest injection tokens for the values that are not classes (the store's come from the platform). */
export { APP_CONFIG, NATS_CONNECTION, PG_POOL } from '@app/platform';
/** The RpcClient the service calls other services with (accounts, for membership checks). */
export { RPC_CLIENT } from '@app/platform';
