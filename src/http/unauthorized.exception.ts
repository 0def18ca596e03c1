import { UnauthorizedException } from '@nestjs/common';

/** Realm sent in `WWW-Authenticate` challenges. */
export const AUTH_REALM = 'accounts';

/** A 401 with the `WWW-Authenticate: Basic` challenge of docs/api.md#authentication. */
export class BasicUnauthorizedException extends UnauthorizedException {
  readonly headers = { 'WWW-Authenticate': `Basic realm="${AUTH_REALM}"` };

  constructor(message: string) {
    super(message);
  }
}
