// The error catalogue of spec §8: every error key with its HTTP status, and the reasons the product says.
// Services throw AppError; the platform maps it to a NATS reply and the gateway to HTTP {error, reason}.

export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  token_missing: 404,
  /** spec §8: a membership (subscription) the update handlers (accept, bookmark) look for is missing */
  subscription_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable_entity: 422,
  /** spec §8: switching to the free plan above 1,000 records */
  you_cannot_switch_to_free: 422,
  too_many_requests: 429,
  internal_server_error: 500,
  service_unavailable: 503,
  /** a disk upload that would pass the plan's drive storage (RFC 4918 §11.5, also over the web) */
  insufficient_storage: 507,
} as const;

export type ErrorKey = keyof typeof ERROR_STATUS;

/** A reason is a sentence, or a map of field name to message key (spec §5: field errors show under the field). */
export type Reason = string | Record<string, string>;

export const REASONS = {
  conflict: 'Record updated by someone else, please refresh',
  loginMissing: 'Please provide username and password',
  loginIncorrect: 'Email or password is incorrect',
  loginAgain: 'Please login again',
  confirmFirst: 'Please confirm your email first',
  notAllowed: 'You are not allowed to access this data',
  needSubscription: 'You need a subscription to access this Group',
  tokenMissing: 'Token already used or expired, please request a new one',
  missing: 'missing',
  deleted: 'deleted',
  tooManyRequests: 'Too many requests, please try again later',
  internal: 'Internal server error',
} as const;

/** Field message keys of spec §5. */
export const FIELD_MESSAGES = {
  blank: 'cant-be-blank',
  invalid: 'is-invalid',
  taken: 'has-already-been-taken',
  mismatch: 'doesnt-match',
  mustBeAccepted: 'must-be-accepted',
  tooShort: 'is-too-short',
  tooLong: 'is-too-long',
} as const;

export interface ErrorBody {
  error: ErrorKey | string;
  reason: Reason;
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly error: ErrorKey,
    readonly reason: Reason,
  ) {
    super(typeof reason === 'string' ? reason : `${error}: ${JSON.stringify(reason)}`);
    this.name = 'AppError';
    this.status = ERROR_STATUS[error];
  }

  toBody(): ErrorBody {
    return { error: this.error, reason: this.reason };
  }

  /** The plain object that crosses NATS (an RpcException payload arrives as a plain object). */
  toWire(): WireError {
    return { app_error: true, error: this.error, reason: this.reason, status: this.status };
  }

  static fromWire(w: WireError): AppError {
    return new AppError(isErrorKey(w.error) ? w.error : 'internal_server_error', w.reason);
  }
}

export interface WireError {
  app_error: true;
  error: string;
  reason: Reason;
  status: number;
}

export function isWireError(x: unknown): x is WireError {
  return !!x && typeof x === 'object' && (x as WireError).app_error === true;
}

export function isErrorKey(x: unknown): x is ErrorKey {
  return typeof x === 'string' && Object.prototype.hasOwnProperty.call(ERROR_STATUS, x);
}

export const errors = {
  badRequest: (reason: Reason) => new AppError('bad_request', reason),
  unauthorized: (reason: Reason = REASONS.loginAgain) => new AppError('unauthorized', reason),
  forbidden: (reason: Reason = REASONS.notAllowed) => new AppError('forbidden', reason),
  notFound: (reason: Reason = REASONS.missing) => new AppError('not_found', reason),
  conflict: (reason: Reason = REASONS.conflict) => new AppError('conflict', reason),
  unprocessable: (reason: Reason) => new AppError('unprocessable_entity', reason),
  tooManyRequests: (reason: Reason = REASONS.tooManyRequests) => new AppError('too_many_requests', reason),
  insufficientStorage: (reason: Reason) => new AppError('insufficient_storage', reason),
  payloadTooLarge: (reason: Reason) => new AppError('payload_too_large', reason),
};
