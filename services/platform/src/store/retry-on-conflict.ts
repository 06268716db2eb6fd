import { AppError } from '@app/proto';

/**
 * Runs a read-then-write again when the write lost a race (409 conflict): the second run reads the winner's
 * revision, so e.g. a token used by the racing request is then found missing.
 */
export async function retryOnConflict<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || !(err instanceof AppError) || err.error !== 'conflict') throw err;
    }
  }
}
