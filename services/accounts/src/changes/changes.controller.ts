import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChangesGetRequest, DbInfoRequest, subject } from '@app/proto';
import { ChangesService } from './changes.service';
import { parseRequest } from '@app/platform';

// GET /{account_id} (update_seq) and GET /{account_id}/_changes.
@Controller()
export class ChangesController {
  constructor(private readonly changes: ChangesService) {}

  @MessagePattern(subject('accounts.db.info'))
  info(@Payload() req: unknown) {
    return this.changes.dbInfo(parseRequest(DbInfoRequest, req).ctx);
  }

  @MessagePattern(subject('accounts.changes.get'))
  get(@Payload() req: unknown) {
    return this.changes.get(parseRequest(ChangesGetRequest, req));
  }
}
