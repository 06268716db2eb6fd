import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { StatusLinkRequest, StatusPageRequest, subject } from '@app/proto';
import { parseRequest } from '@app/platform';
import { StatusLinksService } from './status-links.service';

// A ticket's status link: the members' side (`/{account_id}/tickets/{id}/status-link…` on the gateway) and the
// customer's page (`/s/<token>`).
@Controller()
export class StatusLinksController {
  constructor(private readonly links: StatusLinksService) {}

  @MessagePattern(subject('tickets.status-link'))
  link(@Payload() req: unknown) {
    return this.links.link(parseRequest(StatusLinkRequest, req));
  }

  @MessagePattern(subject('tickets.status-page'))
  page(@Payload() req: unknown) {
    return this.links.page(parseRequest(StatusPageRequest, req));
  }
}
