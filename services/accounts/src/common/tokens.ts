/** Nest injection tokens for the values that are not classes (the store's come from the platform). */
export { APP_CONFIG, NATS_CONNECTION, PG_POOL } from '@app/platform';
/** A small pool of its own for advisory locks held while other queries run (so lock holders never starve the main pool). */
export const LOCK_POOL = Symbol('LOCK_POOL');
