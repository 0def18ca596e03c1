import { HttpService } from '@nestjs/axios';
import { Injectable, Logger } from '@nestjs/common';
import { AxiosError, type AxiosResponse } from 'axios';
import { firstValueFrom } from 'rxjs';

import { AppConfig } from '../config/app-config.js';
import { UpstreamFailedError, UpstreamTimeoutError } from '../errors/domain-errors.js';
import { type IdpUser, parseIdpAnswer } from './idp-user.js';

/** What a bearer token may contain: visible ASCII, so it can never break the header it travels in. */
const BEARER_TOKEN = /^[\x21-\x7E]+$/;

/**
 * The identity-provider client (docs/api.md#identity-provider): asks `GET {IDP_API_URL}/oauth2/@me`
 * who a user token belongs to. The HTTP client is configured by {@link IdpModule}
 * (base URL, text body, no redirects, every status resolved).
 */
@Injectable()
export class IdpClient {
  private readonly logger = new Logger(IdpClient.name);

  constructor(
    private readonly http: HttpService,
    private readonly config: AppConfig,
  ) {}

  /**
   * Looks up the user a token belongs to, within `IDP_TIMEOUT_MS` in all.
   *
   * @returns the user, or `undefined` when the token is invalid: a 401 or 403
   *   answer, a 200 without the `identify` scope, or a token no provider could issue.
   * @throws GatewayTimeoutException (504) when the provider does not answer in time;
   *   BadGatewayException (502) for a refused or broken connection, an answer over
   *   64 KiB, any status
   *   other than 200/401/403, or a malformed answer.
   */
  async fetchUser(token: string): Promise<IdpUser | undefined> {
    if (!BEARER_TOKEN.test(token)) return undefined;
    const deadline = AbortSignal.timeout(this.config.idpTimeoutMs);
    let response: AxiosResponse<string>;
    try {
      response = await firstValueFrom(
        this.http.get<string>('/oauth2/@me', {
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
          signal: deadline,
        }),
      );
    } catch (error) {
      if (deadline.aborted) {
        this.logger.warn(`Identity provider timed out after ${this.config.idpTimeoutMs} ms.`);
        throw new UpstreamTimeoutError(`The identity provider did not answer within ${this.config.idpTimeoutMs} ms.`);
      }
      const reason = error instanceof AxiosError ? (error.code ?? error.message) : String(error);
      this.logger.warn(`Identity provider request failed: ${reason}.`);
      throw new UpstreamFailedError(`The identity provider request failed (${reason}).`);
    }
    if (response.status === 401 || response.status === 403) return undefined;
    if (response.status !== 200) {
      this.logger.warn(`Identity provider answered with status ${response.status}.`);
      throw new UpstreamFailedError(`The identity provider answered with status ${response.status}.`);
    }
    return parseIdpAnswer(response.data, this.config.idpCdnUrl);
  }
}
