import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { AppError, ERROR_STATUS, ErrorKey, errors, REASONS } from '@app/proto';
import { errorKeyOfStatus, toErrorResponse, TooManyRequestsError } from './error-mapping';

describe('toErrorResponse', () => {
  it.each(Object.entries(ERROR_STATUS) as Array<[ErrorKey, number]>)('keeps the AppError %s with status %d', (key, status) => {
    const res = toErrorResponse(new AppError(key, 'why'));
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: key, reason: 'why' });
  });

  it('keeps a field-error reason map', () => {
    const res = toErrorResponse(errors.unprocessable({ email: 'cant-be-blank' }));
    expect(res).toMatchObject({ status: 422, body: { error: 'unprocessable_entity', reason: { email: 'cant-be-blank' } }, log: false });
  });

  it('maps a wire error that arrived as a plain object', () => {
    const res = toErrorResponse({ app_error: true, error: 'conflict', reason: REASONS.conflict, status: 409 });
    expect(res).toMatchObject({ status: 409, body: { error: 'conflict', reason: REASONS.conflict } });
  });

  it('adds Retry-After to a 429', () => {
    const res = toErrorResponse(new TooManyRequestsError(42));
    expect(res).toMatchObject({ status: 429, body: { error: 'too_many_requests', reason: REASONS.tooManyRequests } });
    expect(res.headers).toEqual({ 'retry-after': '42' });
  });

  it('maps Nest HTTP exceptions to their status with a snake-case key', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /x'))).toMatchObject({ status: 404, body: { error: 'not_found', reason: 'Cannot GET /x' } });
    expect(toErrorResponse(new BadRequestException(['a is bad', 'b is bad']))).toMatchObject({ status: 400, body: { reason: 'a is bad; b is bad' } });
    expect(toErrorResponse(new HttpException('nope', 406))).toMatchObject({ status: 406, body: { error: 'not_acceptable', reason: 'nope' } });
    expect(toErrorResponse(new HttpException('Request body is too large', 413))).toMatchObject({ status: 413, body: { error: 'payload_too_large' } });
    expect(toErrorResponse(new HttpException('Unsupported Media Type', 415)).body.reason).toMatch(/application\/json/);
  });

  it('maps fastify errors by their status code', () => {
    const err = Object.assign(new Error('Request body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(toErrorResponse(err)).toMatchObject({ status: 413, body: { error: 'payload_too_large', reason: 'Request body is too large' }, log: false });
  });

  it('turns anything unknown into a logged 500 that reveals nothing', () => {
    for (const err of [new Error('db password is hunter2'), 'boom', null, { weird: true }, new HttpException('internal detail', 502)]) {
      const res = toErrorResponse(err);
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.body.reason).toBe('Internal server error');
      expect(res.log).toBe(true);
    }
    expect(toErrorResponse(new Error('x')).body).toEqual({ error: 'internal_server_error', reason: 'Internal server error' });
  });

  it('does not log a 503 (the RPC client already did)', () => {
    expect(toErrorResponse(new AppError('service_unavailable', 'later')).log).toBe(false);
  });
});

describe('errorKeyOfStatus', () => {
  it('prefers the general key of a status in the catalogue', () => {
    expect(errorKeyOfStatus(404)).toBe('not_found');
    expect(errorKeyOfStatus(401)).toBe('unauthorized');
    expect(errorKeyOfStatus(418)).toBe('i_m_a_teapot');
  });
});
