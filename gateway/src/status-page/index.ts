import { StatusLinkController } from './status-link.controller';
import { StatusPageController } from './status-page.controller';
import { StatusPageService } from './status-page.service';

// The customer's status page of a ticket and the members' status-link routes (issue 31).
export const STATUS_PAGE_CONTROLLERS = [StatusPageController, StatusLinkController];
export const STATUS_PAGE_PROVIDERS = [StatusPageService];
export { STATUS_PAGE_HEADERS } from './status-page.config';
