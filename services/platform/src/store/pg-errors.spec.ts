import { AppError } from '@app/proto';
import { mapPgError } from './pg-errors';

// Errors Postgres raises because of the data or the query a client sent are 4xx with a reason (never a 500);
// a statement stopped by the server's time limit is 503. Other errors (outages, bugs) are left as they are.

const bodyOf = (e: unknown) => {
  expect(e).toBeInstanceOf(AppError);
  return (e as AppError).toBody();
};

describe('mapPgError', () => {
  it('a statement stopped by statement_timeout is 503 service_unavailable with a reason', () => {
    expect(bodyOf(mapPgError({ code: '57014', message: 'canceling statement due to statement timeout' }))).toEqual({
      error: 'service_unavailable',
      reason: 'The query took too long and was stopped',
    });
    expect(bodyOf(mapPgError({ code: '57014', message: 'canceling statement due to user request' }))).toEqual({
      error: 'service_unavailable',
      reason: 'The query was stopped, please try again',
    });
  });

  it('an unpaired UTF-16 surrogate in a jsonb string is 400 naming it', () => {
    const e = { code: '22P02', message: 'invalid input syntax for type json', detail: 'Unicode low surrogate must follow a high surrogate.' };
    expect(bodyOf(mapPgError(e))).toEqual({ error: 'bad_request', reason: 'text must not contain unpaired UTF-16 surrogates (\\ud800 to \\udfff)' });
  });

  it.each([
    ['22P02', 'invalid input syntax for type json', 'Token "x" is invalid.'],
    ['22001', 'value too long for type character varying(10)', undefined],
    ['22007', 'invalid input syntax for type timestamp with time zone: "x"', undefined],
    ['22008', 'date/time field value out of range', undefined],
    ['22012', 'division by zero', undefined],
    ['22023', 'invalid parameter value', undefined],
    ['22025', 'invalid escape sequence', undefined],
    ['2202E', 'array subscript out of bounds', undefined],
    ['22030', 'duplicate JSON object key value', undefined],
    ['2203A', 'JSON object not found', undefined],
    ['22000', 'data exception', undefined],
  ])('every data exception (class 22) is 400: %s', (code, message, detail) => {
    const body = bodyOf(mapPgError({ code, message, detail }));
    expect(body.error).toBe('bad_request');
    expect(body.reason).toBe(`invalid value: ${message}${detail ? ` (${detail})` : ''}`);
  });

  it('keeps the reasons of the data exceptions it names', () => {
    expect(bodyOf(mapPgError({ code: '2201B', message: 'invalid regular expression: x' }))).toEqual({ error: 'bad_request', reason: 'invalid $regex: invalid regular expression: x' });
    expect(bodyOf(mapPgError({ code: '22P05', message: 'unsupported Unicode escape sequence' })).reason).toBe('text must not contain NUL characters (\\u0000)');
    expect(bodyOf(mapPgError({ code: '22021' })).reason).toBe('text is not valid UTF-8');
    expect(bodyOf(mapPgError({ code: '22003' })).reason).toBe('a number is out of range');
    expect(bodyOf(mapPgError({ code: '2201W' })).reason).toBe('limit and skip must be non-negative integers');
  });

  it.each([
    ['54000', 'index row requires 9000 bytes, maximum size is 8191', 'a value is too large: index row requires 9000 bytes, maximum size is 8191'],
    ['54001', 'stack depth limit exceeded', 'selector is too complex'],
    ['54011', 'tables can have at most 1600 columns', 'the request is too large for the database: tables can have at most 1600 columns'],
    ['54023', 'cannot pass more than 100 arguments to a function', 'the request is too large for the database: cannot pass more than 100 arguments to a function'],
  ])('every program limit (class 54) is 400: %s', (code, message, reason) => {
    expect(bodyOf(mapPgError({ code, message }))).toEqual({ error: 'bad_request', reason });
  });

  it('leaves other errors alone (an outage or a bug is a 500 the transport logs)', () => {
    for (const e of [{ code: '08006' }, { code: '42P01', message: 'relation does not exist' }, { code: '57P01' }, new Error('boom'), 'text', null]) {
      expect(mapPgError(e)).toBe(e);
    }
    const app = new AppError('conflict', 'x');
    expect(mapPgError(app)).toBe(app);
  });
});
