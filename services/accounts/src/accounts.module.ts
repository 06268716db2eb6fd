import { Module } from '@nestjs/common';
import { healthController } from '@app/platform';
import { BackupsController, backupsProviders } from './backups/backups.providers';
import { BillingController } from './billing/billing.controller';
import { BillingRepository } from './billing/billing.repository';
import { BillingService } from './billing/billing.service';
import { paymentProviders } from './billing/payment-provider';
import { ChangesController } from './changes/changes.controller';
import { ChangesService } from './changes/changes.service';
import { PG_POOL } from './common/tokens';
import { AccountConfigurationPolicy } from './configuration/account-configuration.policy';
import { ConfigurationRepository } from './configuration/configuration.repository';
import { databaseProviders } from './database';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsService } from './documents/documents.service';
import { AccountPolicy } from './groups/account.policy';
import { AccountsRepository } from './groups/accounts.repository';
import { GroupsController } from './groups/groups.controller';
import { GroupsService } from './groups/groups.service';
import { mailProviders } from './mail/invitation-mailer';
import { FreeGroups } from './memberships/free-groups';
import { MembershipsController } from './memberships/memberships.controller';
import { MembershipsRepository } from './memberships/memberships.repository';
import { MembershipsService } from './memberships/memberships.service';
import { SubscriptionPolicy } from './memberships/subscription.policy';
import { scheduledMailProviders, UnsubscribeController } from './summaries/summaries.providers';

/**
 * The accounts service: groups, memberships and invitations, security, account configuration, the change feed and
 * counters. Start it with `createMicroservice(AccountsModule, 'accounts')` (@app/platform); it migrates its schema on
 * init and starts consuming change events once up.
 */
@Module({
  controllers: [healthController('accounts', PG_POOL), GroupsController, MembershipsController, ChangesController, DocumentsController, BillingController, BackupsController, UnsubscribeController],
  providers: [
    ...databaseProviders,
    ...mailProviders,
    AccountsRepository,
    ConfigurationRepository,
    MembershipsRepository,
    FreeGroups,
    GroupsService,
    MembershipsService,
    ChangesService,
    AccountPolicy,
    AccountConfigurationPolicy,
    SubscriptionPolicy,
    DocumentsService,
    ...paymentProviders,
    BillingRepository,
    BillingService,
    ...backupsProviders,
    ...scheduledMailProviders,
  ],
})
export class AccountsModule {}
