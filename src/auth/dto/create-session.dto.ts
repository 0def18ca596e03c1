import { AccountIdField } from '../../common/account-id.field.js';
import { Required } from '../../http/field.decorators.js';

/** Body of `POST /auth/create_session` (interface §4.5). */
export class CreateSessionDto {
  /** The account to open a session for. */
  @Required()
  @AccountIdField()
  account: string;
}
