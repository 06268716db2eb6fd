import { clientErrorAnswer, frameworkErrorAnswer, LONG_REQUEST_LINE } from './edge-errors';

const parseError = (code: string, raw?: string) => Object.assign(new Error('Parse Error'), { code, rawPacket: raw === undefined ? undefined : Buffer.from(raw, 'latin1') });

describe("clientErrorAnswer (requests Node's parser refused)", () => {
  it('a header overflow whose request line did not end within the limit is 414 uri_too_long', () => {
    expect(clientErrorAnswer(parseError('HPE_HEADER_OVERFLOW', `GET /${'a'.repeat(20_000)}`))).toEqual({ status: 414, body: { error: 'uri_too_long', reason: 'The URL is too long' } });
    expect(clientErrorAnswer(parseError('HPE_HEADER_OVERFLOW', `GET /${'a'.repeat(LONG_REQUEST_LINE + 10)} HTTP/1.1\r\nHost: x\r\n`))?.status).toBe(414);
  });

  it('a header overflow after a short request line, or without the bytes, is 431 request_header_fields_too_large', () => {
    const big = { status: 431, body: { error: 'request_header_fields_too_large', reason: 'The request headers are too large' } };
    expect(clientErrorAnswer(parseError('HPE_HEADER_OVERFLOW', `GET / HTTP/1.1\r\nX-Big: ${'b'.repeat(20_000)}`))).toEqual(big);
    expect(clientErrorAnswer(parseError('HPE_HEADER_OVERFLOW'))).toEqual(big);
    // a later chunk of the same request: nothing says the URL was the long part
    expect(clientErrorAnswer(parseError('HPE_HEADER_OVERFLOW', 'b'.repeat(20_000)))).toEqual(big);
  });

  it('anything else Node cannot parse is 400 bad_request; a slow request 408; a reset connection gets no answer', () => {
    expect(clientErrorAnswer(parseError('HPE_INVALID_METHOD', 'HELLO\r\n'))).toEqual({ status: 400, body: { error: 'bad_request', reason: 'The request is not valid HTTP' } });
    expect(clientErrorAnswer(parseError('ERR_HTTP_REQUEST_TIMEOUT'))).toMatchObject({ status: 408, body: { error: 'request_timeout' } });
    expect(clientErrorAnswer(parseError('ECONNRESET'))).toBeNull();
  });
});

describe("frameworkErrorAnswer (URLs fastify's router refused)", () => {
  const fst = (code: string, message: string, statusCode: number) => Object.assign(new Error(message), { code, statusCode });

  it('a path that is not percent-encoded UTF-8 is 400 bad_request, without echoing the URL', () => {
    const res = frameworkErrorAnswer(fst('FST_ERR_BAD_URL', "'/_users/_confirm/%ED%A0%80' is not a valid url component", 400));
    expect(res).toEqual({ status: 400, body: { error: 'bad_request', reason: 'The URL is not valid: it must be percent-encoded UTF-8' } });
  });

  it('a path segment over maxParamLength is 414 uri_too_long', () => {
    expect(frameworkErrorAnswer(fst('FST_ERR_MAX_PARAM_LENGTH', "'/x' is exceeding the max param length", 414))).toEqual({
      status: 414,
      body: { error: 'uri_too_long', reason: 'A part of the URL path is too long' },
    });
  });

  it('other framework errors go through the usual mapping', () => {
    expect(frameworkErrorAnswer(fst('FST_ERR_ASYNC_CONSTRAINT', 'Unexpected error from async constraint', 500))).toEqual({
      status: 500,
      body: { error: 'internal_server_error', reason: 'Internal server error' },
    });
  });
});
