export { OutboundError, type OutboundErrorCode } from './outbound-error';
export { safeFetch, DEFAULT_USER_AGENT, type SafeFetchOptions, type SafeFetchResult } from './safe-fetch';
export { isPublicAddress } from './address-policy';
