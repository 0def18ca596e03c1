import { Module } from '@nestjs/common';

import { RedisClients } from './redis-clients.js';

/** {@link RedisClients}: every Redis connection of the process is made there. */
@Module({
  providers: [RedisClients],
  exports: [RedisClients],
})
export class RedisModule {}
