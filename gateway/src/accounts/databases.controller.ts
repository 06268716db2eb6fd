import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { SignedIn } from '../auth/access';
import { Caller, ResolvedCaller } from '../auth/caller';
import { ApiErrors, ApiOk } from '../http/openapi';
import { AccountsService } from './accounts.service';

const DB = { name: 'db', description: 'a group id (acc-…; needs a membership) or your user id (usr-…)' };

/** The database-level calls of the document API (spec §7): db info, the change feed, the security document. */
@ApiTags('databases')
@SignedIn()
@Controller()
export class DatabasesController {
  constructor(private readonly accounts: AccountsService) {}

  @Get(':db')
  @ApiOperation({ summary: 'Database info: update_seq (the last change) and doc_count' })
  @ApiParam(DB)
  @ApiOk(200, 'DbInfoReply')
  @ApiErrors(401, 403, 404, 503)
  info(@Caller() caller: ResolvedCaller, @Param('db') db: string) {
    return this.accounts.dbInfo(caller, db);
  }

  @Get(':db/_changes')
  @ApiOperation({ summary: 'The change feed, newest first: the dashboard reads since=update_seq-20 (from 0 with 20 or fewer)' })
  @ApiParam(DB)
  @ApiQuery({ name: 'since', required: false, description: 'changes after this seq (default 0), or "now"' })
  @ApiQuery({ name: 'include_docs', required: false, description: 'true: a live record carries {_id, _rev, label, updated_at}' })
  @ApiQuery({ name: 'limit', required: false, description: 'at most this many results (default 1000)' })
  @ApiQuery({ name: 'descending', required: false, description: 'false: oldest first (default true)' })
  @ApiOk(200, 'ChangesReply')
  @ApiErrors(400, 401, 403, 404, 503)
  changes(@Caller() caller: ResolvedCaller, @Param('db') db: string, @Query() query: Record<string, unknown>) {
    return this.accounts.changes(caller, db, query);
  }

  @Get(':db/_security')
  @ApiOperation({ summary: "The group's security document: admins.roles (the administrators' user ids) and members.roles" })
  @ApiParam(DB)
  @ApiOk(200, 'SecurityReply')
  @ApiErrors(401, 403, 404, 503)
  security(@Caller() caller: ResolvedCaller, @Param('db') db: string) {
    return this.accounts.security(caller, db);
  }
}
