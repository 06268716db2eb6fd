import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@app/proto';
import { toErrorResponse } from './error-mapping';
import { redactUrl } from './request-log';

const logger = new Logger('http');

/** The only exception filter: every error leaves the gateway as spec §8 `{error, reason}` (see error-mapping.ts). */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const res = toErrorResponse(exception);
    if (res.log) logFailure(request, res.status, exception);
    if (reply.sent) return;
    if (res.headers) reply.headers(res.headers);
    reply.status(res.status).type('application/json; charset=utf-8').send(res.body);
  }
}

/** The log line of an unexpected failure (a 5xx), with the request (the Nest filter's and the fast lane's). */
export function logFailure(request: { method?: string; url?: string; id: string }, status: number, exception: unknown): void {
  // an AppError 500 came from a service, which logged its cause: one line here, with the request
  const detail =
    exception instanceof AppError ? exception.message : exception instanceof Error ? (exception.stack ?? exception.message) : safeJson(exception);
  logger.error(`${request.method} ${redactUrl(request.url ?? '')} [${request.id}] → ${status}: ${detail}`);
}

/**
 * The last resort of a request served from Node's server outside Nest (the fast lane, the disk door, the statement
 * upload): their own catch answers every failure with its status; should that answer fail as well, the failure is
 * logged and the connection closed, so the client is not left waiting and nothing reaches the process's unhandled
 * rejections. `serve(req, res).catch(answerFailed(req, res))`.
 */
export function answerFailed(req: IncomingMessage, res: ServerResponse): (err: unknown) => void {
  return (err) => {
    logger.error(`${req.method} ${redactUrl(req.url ?? '')}: answering failed, connection closed: ${err instanceof Error ? (err.stack ?? err.message) : safeJson(err)}`);
    res.destroy();
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
