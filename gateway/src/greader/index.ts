import { GreaderAuth } from './greader-auth';
import { GreaderService } from './greader.service';
import { ReaderClient } from './reader-client';

export { GreaderController } from './greader.controller';

/** The providers of the Google Reader API, for the gateway module. */
export const GREADER_PROVIDERS = [GreaderAuth, GreaderService, ReaderClient];
