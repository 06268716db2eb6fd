import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { WriteReply } from '@app/proto';
import { SignedIn } from '../auth/access';
import { Caller, ResolvedCaller } from '../auth/caller';
import { ApiErrors, ApiJsonBody, ApiOk } from '../http/openapi';
import { DocumentsService } from './documents.service';

const DB = { name: 'db', description: 'your user id (usr-…) or a group id (acc-…)' };
const REV = { name: 'rev', required: false, description: 'the revision the write is based on (or _rev in the body)' };

/** 201 when the write created the document (its first revision), else 200. */
function createdOr200(reply: FastifyReply, answer: WriteReply): WriteReply {
  reply.status(answer.rev.startsWith('1-') ? 201 : 200);
  return answer;
}

@ApiTags('documents')
@SignedIn()
@Controller()
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Post(':db/_find')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mango query; selector.klass routes it to the owning service' })
  @ApiParam(DB)
  @ApiJsonBody('FindQuery')
  @ApiOk(200, 'FindReply')
  @ApiErrors(400, 401, 403, 413, 415, 503)
  find(@Caller() caller: ResolvedCaller, @Param('db') db: string, @Body() body: unknown) {
    return this.documents.find(caller, db, body);
  }

  @Post(':db')
  @ApiOperation({ summary: 'Create a document; its klass (or _id prefix) routes it. A new UserToken carries its secret once, as doc.token' })
  @ApiParam(DB)
  @ApiJsonBody('NewDocument')
  @ApiOk(201, 'WriteReply', 'created')
  @ApiErrors(400, 401, 403, 409, 413, 415, 422, 503)
  create(@Caller() caller: ResolvedCaller, @Param('db') db: string, @Body() body: unknown) {
    return this.documents.create(caller, db, body);
  }

  @Get(':db/_design/:design/_view/:view')
  @ApiOperation({ summary: 'A view; query parameters are view parameters (JSON values like CouchDB: group_level=0, key="x")' })
  @ApiParam(DB)
  @ApiOk(200, 'ViewReply')
  @ApiErrors(400, 401, 403, 404, 503)
  view(
    @Caller() caller: ResolvedCaller,
    @Param('db') db: string,
    @Param('design') design: string,
    @Param('view') view: string,
    @Query() query: Record<string, unknown>,
  ) {
    return this.documents.view(caller, db, design, view, query);
  }

  @Put(':db/_design/:design/_update/:handler/:id')
  @ApiOperation({
    summary:
      'An update handler: bookmark/{true|false} (your membership), status/accept (an invitation), subscription/{free|cancel} (plan switch), ticket-status/{status}, ticket-checklist/toggle, bookmarks/import/netscape (the JSON {html} up to 900 kB, or the bookmarks file itself as text/html up to 64 MB: its icons are dropped)',
  })
  @ApiParam(DB)
  @ApiBody({ required: false, schema: { type: 'object', additionalProperties: true, description: "the handler's input, if any" } })
  @ApiOk(200, 'WriteReply')
  @ApiErrors(400, 401, 403, 404, 409, 503)
  update(
    @Caller() caller: ResolvedCaller,
    @Param('db') db: string,
    @Param('design') design: string,
    @Param('handler') handler: string,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.documents.update(caller, db, design, handler, id, body);
  }

  @Get(':db/:id')
  @ApiOperation({ summary: 'Read a document; the id prefix routes it' })
  @ApiParam(DB)
  @ApiQuery({ name: 'fields', required: false, description: 'comma list or JSON array of field names' })
  @ApiOk(200, 'Document')
  @ApiErrors(400, 401, 403, 404, 503)
  get(@Caller() caller: ResolvedCaller, @Param('db') db: string, @Param('id') id: string, @Query('fields') fields: unknown) {
    return this.documents.get(caller, db, id, fields);
  }

  @Put(':db/:id')
  @ApiOperation({ summary: 'Create or update a document with this id; a stale rev answers 409' })
  @ApiParam(DB)
  @ApiQuery(REV)
  @ApiJsonBody('Document')
  @ApiOk(200, 'WriteReply', 'updated (201 when created)')
  @ApiErrors(400, 401, 403, 404, 409, 413, 415, 422, 503)
  async put(
    @Caller() caller: ResolvedCaller,
    @Param('db') db: string,
    @Param('id') id: string,
    @Query('rev') rev: unknown,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return createdOr200(reply, await this.documents.put(caller, db, id, rev, body));
  }

  @Delete(':db/:id')
  @ApiOperation({ summary: 'Delete a document (a tombstone); a stale rev answers 409' })
  @ApiParam(DB)
  @ApiQuery(REV)
  @ApiOk(200, 'WriteReply')
  @ApiErrors(400, 401, 403, 404, 409, 503)
  remove(@Caller() caller: ResolvedCaller, @Param('db') db: string, @Param('id') id: string, @Query('rev') rev: unknown) {
    return this.documents.remove(caller, db, id, rev);
  }
}
