export { redisConnectionOptions } from '../redis/redis-options.js';
