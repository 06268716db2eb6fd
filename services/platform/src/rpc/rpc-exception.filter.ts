import { ArgumentsHost, Catch, Logger, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { AppError, isWireError, WireError } from '@app/proto';
import { ZodError } from 'zod';
import { Observable, throwError } from 'rxjs';
import { isRedisUnavailable, REDIS_UNAVAILABLE_REASON } from '../redis/redis-unavailable';

const logger = new Logger('rpc');

/** The one mapping from thrown errors to NATS replies: AppError keeps its code, Redis away is a 503, anything else is a logged 500. */
export function toWireError(err: unknown): WireError {
  if (err instanceof AppError) return err.toWire();
  if (isWireError(err)) return err;
  if (err instanceof ZodError) {
    const reason = err.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
    return new AppError('bad_request', reason).toWire();
  }
  if (err instanceof RpcException) {
    const inner = err.getError();
    if (isWireError(inner)) return inner;
  }
  if (isRedisUnavailable(err)) {
    logger.warn(`Redis unavailable: ${(err as Error).message}`);
    return new AppError('service_unavailable', REDIS_UNAVAILABLE_REASON).toWire();
  }
  logger.error(err instanceof Error ? err.stack ?? err.message : String(err));
  return new AppError('internal_server_error', 'Internal server error').toWire();
}

@Catch()
export class AppRpcExceptionFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => toWireError(exception));
  }
}
