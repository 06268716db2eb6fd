import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@app/proto';

// An archive upload's body reaches its route as the request's stream (BackupsService.upload streams it to a file,
// bounded): fastify is told not to read application/gzip bodies itself, on the upload route only; any other route
// sent such a body answers 415 like any media type it does not take. Registered before the server listens.

export const ARCHIVE_TYPES = ['application/gzip', 'application/x-gzip'];

/** `POST /accounts/{account_id}/backups/upload` (with its query). */
const UPLOAD_PATH = /^\/accounts\/[^/?]+\/backups\/upload\/?(?:\?|$)/;

export function isUploadRoute(url: unknown): boolean {
  return typeof url === 'string' && UPLOAD_PATH.test(url);
}

@Injectable()
export class BackupUploadParser implements OnModuleInit {
  constructor(private readonly adapter: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapter.httpAdapter.getInstance() as unknown as FastifyInstance;
    for (const type of ARCHIVE_TYPES) {
      if (fastify.hasContentTypeParser(type)) continue;
      fastify.addContentTypeParser(type, (req, payload, done) => {
        if (isUploadRoute(req.url)) return done(null, payload);
        payload.resume(); // read and dropped, so the connection can answer
        done(new AppError('unsupported_media_type', 'send application/json'), undefined);
      });
    }
  }
}
