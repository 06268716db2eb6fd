export * from './api/client';
export * from './api/host-hooks';
export * from './api/account-settings';
export * from './errors/banner-keys';
export * from './forms/field-errors';
export * from './i18n';
export * from './rules/priority-bar';
