import { AccountIdField } from '../../common/account-id.field.js';
import { HttpUrlField, IntegerField, Optional, Required, TextField } from '../../http/field.decorators.js';

/** Body of `POST /acounts/new` (docs/api.md#routes-accounts, docs/api.md#validation). */
export class CreateAccountDto {
  /** Canonical decimal id (sent as a JSON integer or a string of digits). */
  @Required()
  @AccountIdField()
  id: string;

  @Required()
  @TextField(1, 255)
  name: string;

  @Required()
  @TextField(1, 32, { trim: false })
  discriminator: string;

  @Optional()
  @HttpUrlField()
  avatar_url?: string | null;

  /** Team id; 0 or null means no team. */
  @Optional()
  @IntegerField({ min: 0 })
  team?: number | null;

  /** Permission bits (docs/api.md#permissions rule 1: bits 0..6 only). */
  @Optional()
  @IntegerField({ min: 0, max: 127 })
  permissions?: number | null;
}
