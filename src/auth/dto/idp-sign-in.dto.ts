import { Required, TextField } from '../../http/field.decorators.js';

/** Body of `POST /auth/idp` (interface §4.5). */
export class IdpSignInDto {
  /** An identity-provider user access token with the identify scope (contract §7). */
  @Required()
  @TextField(1, 4096, { trim: false })
  token: string;
}
