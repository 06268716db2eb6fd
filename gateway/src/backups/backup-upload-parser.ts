import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

// An archive upload's body reaches its route as the request's stream (BackupsService.upload streams it to a file,
// bounded): fastify is told not to read application/gzip bodies itself. Registered before the server listens.

export const ARCHIVE_TYPES = ['application/gzip', 'application/x-gzip'];

@Injectable()
export class BackupUploadParser implements OnModuleInit {
  constructor(private readonly adapter: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapter.httpAdapter.getInstance() as unknown as FastifyInstance;
    for (const type of ARCHIVE_TYPES) {
      if (!fastify.hasContentTypeParser(type)) fastify.addContentTypeParser(type, (_req, payload, done) => done(null, payload));
    }
  }
}
