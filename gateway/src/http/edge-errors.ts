import { STATUS_CODES } from 'http';
import type { Socket } from 'net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@app/proto';
import { errorKeyOfStatus, toErrorResponse } from './error-mapping';
import { API_SECURITY_HEADERS } from './security-headers';

// The answers given before a route runs, which would otherwise leave in Node's or fastify's own shapes: a request Node's
// parser refuses (huge headers or URL, not HTTP, too slow), and a URL the router refuses (a path that is not
// percent-encoded UTF-8 — e.g. %ED%A0%80, a lone surrogate — or a path segment over maxParamLength). All are spec §8
// `{error, reason}` with the security headers.

/** A request line longer than this, in a request Node refused for its header size, is a 414 rather than a 431. */
export const LONG_REQUEST_LINE = 8 * 1024;

const REQUEST_LINE_START = /^[A-Z]+ /;

/** Node's parser error: the bytes it refused in rawPacket (a Buffer, whatever fastify's types say). */
export type ClientError = Error & { code?: string; rawPacket?: unknown };

export interface EdgeAnswer {
  status: number;
  body: ErrorBody;
}

const answer = (status: number, reason: string): EdgeAnswer => ({ status, body: { error: errorKeyOfStatus(status), reason } });

/**
 * The answer to a request Node's HTTP parser refused (server 'clientError'), or null when there is nobody to answer.
 * Node counts the request line in its header limit, so a huge URL is a header overflow too: when the refused bytes
 * start with a request line that has not ended within LONG_REQUEST_LINE bytes, the URL is what was too long.
 */
export function clientErrorAnswer(err: ClientError): EdgeAnswer | null {
  switch (err.code) {
    case 'ECONNRESET':
      return null;
    case 'HPE_HEADER_OVERFLOW': {
      const raw = err.rawPacket;
      if (Buffer.isBuffer(raw) && REQUEST_LINE_START.test(raw.subarray(0, 16).toString('latin1'))) {
        const end = raw.indexOf('\r\n');
        if (end < 0 || end > LONG_REQUEST_LINE) return answer(414, 'The URL is too long');
      }
      return answer(431, 'The request headers are too large');
    }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return answer(408, 'The request took too long to arrive');
    default:
      return answer(400, 'The request is not valid HTTP');
  }
}

/** fastify's clientErrorHandler: the answer written straight to the socket, which is then closed (as Node does). */
export function handleClientError(err: ClientError, socket: Socket): void {
  const res = clientErrorAnswer(err);
  if (res && socket.writable) {
    const body = JSON.stringify(res.body);
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
      ...API_SECURITY_HEADERS,
    };
    const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    socket.write(`HTTP/1.1 ${res.status} ${STATUS_CODES[res.status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(err);
}

/** The answer to a URL the router refused (fastify's frameworkErrors); the URL is not echoed (it may carry a token). */
export function frameworkErrorAnswer(err: Error & { code?: string }): EdgeAnswer {
  switch (err.code) {
    case 'FST_ERR_BAD_URL':
      return answer(400, 'The URL is not valid: it must be percent-encoded UTF-8');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return answer(414, 'A part of the URL path is too long');
    default: {
      const res = toErrorResponse(err);
      return { status: res.status, body: res.body };
    }
  }
}

export function handleFrameworkError(err: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
  const res = frameworkErrorAnswer(err);
  // set here too: these replies are made outside any route, so the route hooks may not run for them
  reply.headers(API_SECURITY_HEADERS).status(res.status).type('application/json; charset=utf-8').send(res.body);
}
