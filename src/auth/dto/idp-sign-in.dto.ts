import { Required, TextField } from '../../http/field.decorators.js';

/** Body of `POST /auth/idp` (docs/api.md#routes-auth). */
export class IdpSignInDto {
  /** An identity-provider user access token with the identify scope (docs/api.md#identity-provider). */
  @Required()
  @TextField(1, 4096, { trim: false })
  token: string;
}
