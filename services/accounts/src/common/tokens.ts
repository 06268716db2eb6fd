/** Nest injection tokens for the values that are not classes. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const PG_POOL = Symbol('PG_POOL');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
/** A small pool of its own for advisory locks held while other queries run (so lock holders never starve the main pool). */
export const LOCK_POOL = Symbol('LOCK_POOL');
