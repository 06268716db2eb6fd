import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DocDeleteRequest, DocFindRequest, DocGetRequest, DocPostRequest, DocPutRequest, DocUpdateRequest, DocViewRequest, docSubject, subject } from '@app/proto';
import { DocumentsService } from './documents.service';
import { parseRequest } from '@app/platform';

// The document protocol for the user's own documents (/{user_id}/…): UserConfiguration and UserToken.
@Controller()
export class DocumentsController {
  constructor(private readonly docs: DocumentsService) {}

  @MessagePattern(subject(docSubject('identity', 'get')))
  get(@Payload() req: unknown) {
    return this.docs.get(parseRequest(DocGetRequest, req));
  }

  @MessagePattern(subject(docSubject('identity', 'find')))
  find(@Payload() req: unknown) {
    return this.docs.find(parseRequest(DocFindRequest, req));
  }

  @MessagePattern(subject(docSubject('identity', 'put')))
  put(@Payload() req: unknown) {
    return this.docs.put(parseRequest(DocPutRequest, req));
  }

  @MessagePattern(subject(docSubject('identity', 'post')))
  post(@Payload() req: unknown) {
    return this.docs.post(parseRequest(DocPostRequest, req));
  }

  @MessagePattern(subject(docSubject('identity', 'delete')))
  delete(@Payload() req: unknown) {
    return this.docs.delete(parseRequest(DocDeleteRequest, req));
  }

  @MessagePattern(subject(docSubject('identity', 'view')))
  view(@Payload() req: unknown) {
    return this.docs.view(parseRequest(DocViewRequest, req));
  }

  @MessagePattern(subject(docSubject('identity', 'update')))
  update(@Payload() req: unknown) {
    return this.docs.update(parseRequest(DocUpdateRequest, req));
  }
}
