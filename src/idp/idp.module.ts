import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';

import { HttpModule } from '@nestjs/axios';
import { Module } from '@nestjs/common';

import { AppConfig } from '../config/app-config.js';
import { IdpClient } from './idp.client.js';

/** Largest provider answer read: a user object is a few hundred bytes. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The identity-provider client (docs/api.md#identity-provider), configured from `IDP_API_URL`. */
@Module({
  imports: [
    HttpModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        baseURL: config.idpApiUrl,
        // The body is parsed by parseIdpAnswer (losslessly), and every status is judged by IdpClient.
        responseType: 'text' as const,
        transformResponse: [(data: unknown) => data],
        validateStatus: () => true,
        maxRedirects: 0,
        maxContentLength: MAX_ANSWER_BYTES,
        // Agents of its own: no socket is shared with callback deliveries (whose addresses are checked).
        httpAgent: new HttpAgent({ keepAlive: true }),
        httpsAgent: new HttpsAgent({ keepAlive: true }),
      }),
    }),
  ],
  providers: [IdpClient],
  exports: [IdpClient],
})
export class IdpModule {}
