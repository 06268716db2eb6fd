export * from './klasses';
export * from './errors';
export * from './context';
export * from './documents';
export * from './events';
export * from './identity';
export * from './subjects';
export * from './mail';
