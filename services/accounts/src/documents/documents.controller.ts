import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DocDeleteRequest, DocFindRequest, DocGetRequest, DocPostRequest, DocPutRequest, DocUpdateRequest, DocViewRequest, docSubject, subject } from '@app/proto';
import { DocumentsService } from './documents.service';
import { parseRequest } from '@app/platform';

// The document protocol for groups, their configuration and memberships (/{account_id}/…, /{user_id}/… memberships).
@Controller()
export class DocumentsController {
  constructor(private readonly docs: DocumentsService) {}

  @MessagePattern(subject(docSubject('accounts', 'get')))
  get(@Payload() req: unknown) {
    return this.docs.get(parseRequest(DocGetRequest, req));
  }

  @MessagePattern(subject(docSubject('accounts', 'find')))
  find(@Payload() req: unknown) {
    return this.docs.find(parseRequest(DocFindRequest, req));
  }

  @MessagePattern(subject(docSubject('accounts', 'put')))
  put(@Payload() req: unknown) {
    return this.docs.put(parseRequest(DocPutRequest, req));
  }

  @MessagePattern(subject(docSubject('accounts', 'post')))
  post(@Payload() req: unknown) {
    return this.docs.post(parseRequest(DocPostRequest, req));
  }

  @MessagePattern(subject(docSubject('accounts', 'delete')))
  delete(@Payload() req: unknown) {
    return this.docs.delete(parseRequest(DocDeleteRequest, req));
  }

  @MessagePattern(subject(docSubject('accounts', 'view')))
  view(@Payload() req: unknown) {
    return this.docs.view(parseRequest(DocViewRequest, req));
  }

  /** the update handlers: bookmark, accept an invitation, plan switch (proto ACCOUNT_UPDATES; see DocumentsService.update) */
  @MessagePattern(subject(docSubject('accounts', 'update')))
  update(@Payload() req: unknown) {
    return this.docs.update(parseRequest(DocUpdateRequest, req));
  }
}
