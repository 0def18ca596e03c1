import { AccountIdField } from '../../common/account-id.field.js';
import { Required } from '../../http/field.decorators.js';

/** Body of `POST /auth/create_session` (docs/api.md#routes-auth). */
export class CreateSessionDto {
  /** The account to open a session for. */
  @Required()
  @AccountIdField()
  account: string;
}
