import { Provider } from '@nestjs/common';
import { mailQueueProviders } from '@app/platform';
import { IdentityMailer } from './identity-mailer';

export const mailProviders: Provider[] = [...mailQueueProviders(), IdentityMailer];
