import { Module } from '@nestjs/common';
import { healthController } from '@app/platform';
import { PG_POOL } from './common/tokens';
import { ShutdownTasks } from './common/shutdown-tasks';
import { ConfigurationRepository } from './configuration/configuration.repository';
import { UserConfigurationPolicy } from './configuration/user-configuration.policy';
import { UserLocaleService } from './configuration/user-locale.service';
import { ConfirmationController } from './confirmation/confirmation.controller';
import { ConfirmationService } from './confirmation/confirmation.service';
import { databaseProviders } from './database';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsService } from './documents/documents.service';
import { mailProviders } from './mail/mail.providers';
import { PasswordController } from './password/password.controller';
import { PasswordService } from './password/password.service';
import { SessionController } from './session/session.controller';
import { SessionService } from './session/session.service';
import { TokensController } from './tokens/tokens.controller';
import { TokensRepository } from './tokens/tokens.repository';
import { TokensService } from './tokens/tokens.service';
import { UserTokenPolicy } from './tokens/user-token.policy';
import { UsersController } from './users/users.controller';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';

/**
 * The identity service: users, sessions, e-mail confirmation, password reset, user tokens and user configuration.
 * Start it with `createMicroservice(IdentityModule, 'identity')` (@app/platform); it migrates its schema on init.
 */
@Module({
  controllers: [healthController('identity', PG_POOL), SessionController, UsersController, ConfirmationController, PasswordController, TokensController, DocumentsController],
  providers: [
    ...databaseProviders,
    ShutdownTasks,
    ...mailProviders,
    UsersRepository,
    ConfigurationRepository,
    TokensRepository,
    UserLocaleService,
    SessionService,
    UsersService,
    ConfirmationService,
    PasswordService,
    TokensService,
    UserConfigurationPolicy,
    UserTokenPolicy,
    DocumentsService,
  ],
})
export class IdentityModule {}
