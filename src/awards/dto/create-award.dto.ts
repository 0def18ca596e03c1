import { AccountIdListField } from '../../common/account-id.field.js';
import { HttpUrlField, IntegerField, Required, TextField } from '../../http/field.decorators.js';

/** Most account ids one award can be created with, duplicates counted (docs/api.md#validation). */
export const MAX_AWARD_ACCOUNTS = 1000;

/** Body of `POST /awards/new` (docs/api.md#routes-awards, docs/api.md#validation): every field required. */
export class CreateAwardDto {
  @Required()
  @TextField(1, 255)
  title: string;

  @Required()
  @HttpUrlField()
  image_url: string;

  /** Id of an existing team (an unknown id, 0 included, is a 422). */
  @Required()
  @IntegerField()
  team: number;

  /** Canonical account ids, each of an existing account; duplicates are given once. */
  @Required()
  @AccountIdListField(MAX_AWARD_ACCOUNTS)
  accounts: string[];
}
