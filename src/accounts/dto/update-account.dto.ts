import { HttpUrlField, IntegerField, Optional, OptionalNotNull, TextField } from '../../http/field.decorators.js';

/** Body of `PATCH /account/{account}` (docs/api.md#routes-accounts); every field optional. */
export class UpdateAccountDto {
  @OptionalNotNull()
  @TextField(1, 255)
  name?: string;

  @OptionalNotNull()
  @TextField(1, 32, { trim: false })
  discriminator?: string;

  /** A URL, or null to remove the avatar. */
  @Optional()
  @HttpUrlField()
  avatar_url?: string | null;

  /** New team id; 0 (or null) removes the account from its team. */
  @Optional()
  @IntegerField({ min: 0 })
  team?: number | null;

  @OptionalNotNull()
  @IntegerField({ min: 0, max: 127 })
  grant_permissions?: number;

  @OptionalNotNull()
  @IntegerField({ min: 0, max: 127 })
  revoke_permissions?: number;

  /** An identity-provider token with the identify scope; refreshes name, discriminator and avatar (docs/api.md#identity-provider). */
  @Optional()
  @TextField(1, 4096, { trim: false })
  idp_token?: string;
}
