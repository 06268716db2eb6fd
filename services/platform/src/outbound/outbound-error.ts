/** Why an outbound request was given up; callers map these onto their own replies (a feed's error, a title left empty). */
export type OutboundErrorCode = 'bad_url' | 'private_address' | 'too_large' | 'timeout' | 'too_many_redirects' | 'network' | 'bad_status';

export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutboundError';
  }
}
