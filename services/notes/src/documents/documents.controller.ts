import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DocDeleteRequest, DocFindRequest, DocGetRequest, DocPostRequest, DocPutRequest, DocUpdateRequest, DocViewRequest, docSubject, subject } from '@app/proto';
import { DocumentsService } from './documents.service';
import { parseRequest } from '@app/platform';

// notes.doc.*: the document protocol for the notes module's klasses (/{account_id}/…).
@Controller()
export class DocumentsController {
  constructor(private readonly docs: DocumentsService) {}

  @MessagePattern(subject(docSubject('notes', 'get')))
  get(@Payload() req: unknown) {
    return this.docs.get(parseRequest(DocGetRequest, req));
  }

  @MessagePattern(subject(docSubject('notes', 'find')))
  find(@Payload() req: unknown) {
    return this.docs.find(parseRequest(DocFindRequest, req));
  }

  @MessagePattern(subject(docSubject('notes', 'put')))
  put(@Payload() req: unknown) {
    return this.docs.put(parseRequest(DocPutRequest, req));
  }

  @MessagePattern(subject(docSubject('notes', 'post')))
  post(@Payload() req: unknown) {
    return this.docs.post(parseRequest(DocPostRequest, req));
  }

  @MessagePattern(subject(docSubject('notes', 'delete')))
  delete(@Payload() req: unknown) {
    return this.docs.delete(parseRequest(DocDeleteRequest, req));
  }

  @MessagePattern(subject(docSubject('notes', 'view')))
  view(@Payload() req: unknown) {
    return this.docs.view(parseRequest(DocViewRequest, req));
  }

  @MessagePattern(subject(docSubject('notes', 'update')))
  update(@Payload() req: unknown) {
    return this.docs.update(parseRequest(DocUpdateRequest, req));
  }
}
