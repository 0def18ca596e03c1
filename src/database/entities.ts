import { AccountEntity } from '../accounts/account.entity.js';
import { AppEntity } from '../auth/apps/app.entity.js';
import { SessionEntity } from '../auth/sessions/session.entity.js';
import { AwardEntity } from '../awards/award.entity.js';
import { AwardeeEntity } from '../awards/awardee.entity.js';
import { CallbackEntity } from '../callbacks/callback.entity.js';
import { DeliveryEntity } from '../delivery/delivery.entity.js';
import { OutboxEventEntity } from '../events/outbox-event.entity.js';
import { TeamEntity } from '../teams/team.entity.js';

/** Every TypeORM entity of the service (the migration CLI needs the full list). */
export const ENTITIES = [
  AccountEntity,
  AppEntity,
  AwardEntity,
  AwardeeEntity,
  CallbackEntity,
  DeliveryEntity,
  OutboxEventEntity,
  SessionEntity,
  TeamEntity,
];
