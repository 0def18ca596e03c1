import { Body, Controller, Get, HttpCode, NotFoundException, Param, type PipeTransform, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';

import { Authenticated } from '../../common/authenticated.decorator.js';
import { CurrentPrincipal } from '../../common/current-principal.decorator.js';
import type { AppPrincipal } from '../../common/principal.js';
import { EVENT_TYPES, type EventType } from '../../events/event-type.js';
import { EventTypePipe } from '../../events/event-type.pipe.js';
import { UnprocessableEntityError } from '../../http/validation-error.js';
import { IdempotentWrite } from '../../idempotency/idempotent-write.decorator.js';
import { ApiErrors, ApiSuccess } from '../../openapi/api-responses.decorator.js';
import type { DeliveryDetailsResource, DeliveryPage, DeliveryResource, RecoverResource } from './delivery-log.resource.js';
import { DeliveryLogService } from './delivery-log.service.js';
import { DeliveryLogQuery } from './dto/delivery-log.query.js';
import { DeliveryDetailsSchema, DeliveryPageSchema, DeliverySchema, RecoverResultSchema } from './dto/delivery.schema.js';
import { RecoverDto } from './dto/recover.dto.js';

/** Parses `{id}`: not an integer is a 422 (docs/api.md#conventions); an integer no delivery can have is a 404 like any unknown id (docs/api.md#delivery-log). */
class DeliveryIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^-?\d+$/.test(value)) throw UnprocessableEntityError.single(['path', 'id'], 'value is not a valid integer', 'type_error.integer');
    const id = Number(value);
    if (id < 1 || id > 2_147_483_647) throw new NotFoundException(`No delivery ${value} for this callback.`);
    return id;
  }
}

const Event = () => Param('event', EventTypePipe);
const Id = () => Param('id', new DeliveryIdPipe());
const EventParam = () => ApiParam({ name: 'event', enum: EVENT_TYPES, description: 'Event type of the callback (docs/api.md#events).' });
const IdParam = () =>
  ApiParam({ name: 'id', schema: { type: 'string', pattern: '^[0-9]+$' }, description: "The delivery's id.", example: '1042' });
const APP_ONLY = { 401: 'No credentials, wrong credentials, or a user token: the delivery log needs an app token.' };
const NO_DELIVERY = { 404: 'No such delivery among the calling app’s deliveries for this event type.' };

/**
 * The delivery log of docs/api.md#delivery-log with the `/callbacks/{event}` alias
 * (docs/api.md#conventions): an app lists, reads, redelivers, recovers and pings the
 * deliveries to its own callbacks. App tokens only.
 */
@ApiTags('deliveries')
@Controller()
@Authenticated({ principal: 'app' })
export class DeliveryLogController {
  constructor(private readonly log: DeliveryLogService) {}

  @ApiOperation({
    summary: "List the calling app's deliveries for an event type, newest first",
    description:
      'App credentials only. The deliveries made to your callback for this event type, newest first (by `created_at`, then id), with their status, attempts and last answer; filter by `status`, by the account the event is about (`account`) and by creation time (`since`, `until`), one page at a time: by number (`page`), or after a delivery (`starting_after`: the `id` of the last delivery of the page before; `has_more` says whether more follow), a walk by cursor returns each delivery that was there when it began exactly once, in order, whatever is recorded meanwhile.',
  })
  @EventParam()
  @ApiSuccess(200, DeliveryPageSchema)
  @ApiErrors([401, 422], {
    ...APP_ONLY,
    422: 'Unknown event type; bad page, per_page, status, account, since (or since in the future) or until; starting_after malformed, sent with page, or not one of your deliveries for this event type.',
  })
  @Get(['callback/:event/deliveries', 'callbacks/:event/deliveries'])
  list(@Event() event: EventType, @Query() query: DeliveryLogQuery, @CurrentPrincipal() app: AppPrincipal): Promise<DeliveryPage> {
    return this.log.list(app.appId, event, query);
  }

  @ApiOperation({
    summary: 'Get one delivery: the body sent and every attempt (status, error, duration, start of the answer)',
    description:
      "App credentials only. One of your deliveries with the JSON body it sends and its attempt log, oldest first: when, how long, the answer's status, an error and the start of the answer's body. 404 for an unknown id or another app's.",
  })
  @IdParam()
  @EventParam()
  @ApiSuccess(200, DeliveryDetailsSchema)
  @ApiErrors([401, 404, 422], { ...APP_ONLY, ...NO_DELIVERY })
  @Get(['callback/:event/deliveries/:id', 'callbacks/:event/deliveries/:id'])
  get(@Event() event: EventType, @Id() id: number, @CurrentPrincipal() app: AppPrincipal): Promise<DeliveryDetailsResource> {
    return this.log.get(app.appId, event, id);
  }

  @ApiOperation({
    summary: 'Send a failed or succeeded delivery again, with the same webhook-id and a fresh retry schedule',
    description:
      "App credentials only. Puts a `failed` or `succeeded` delivery back to `pending` with a fresh retry schedule and the same `webhook-id` (so your receiver can drop it as a duplicate). 409 while it is `pending` or when it was `cancelled`; 404 for an unknown id or another app's.",
  })
  @IdParam()
  @EventParam()
  @ApiSuccess(202, DeliverySchema)
  @ApiErrors([401, 404, 409, 422], {
    ...APP_ONLY,
    ...NO_DELIVERY,
    409: 'The delivery is pending, or cancelled (its callback was deleted).',
  })
  @Post(['callback/:event/deliveries/:id/redeliver', 'callbacks/:event/deliveries/:id/redeliver'])
  @HttpCode(202)
  @IdempotentWrite()
  redeliver(@Event() event: EventType, @Id() id: number, @CurrentPrincipal() app: AppPrincipal): Promise<DeliveryResource> {
    return this.log.redeliver(app.appId, event, id);
  }

  @ApiOperation({
    summary: 'Send again every failed delivery created since a time; answers at once, the work runs in the background',
    description:
      'App credentials only. Redelivers every `failed` delivery of this event type created at or after `since` (UNIX seconds) and answers at once with how many; they are sent in the background, each as `POST .../redeliver` would. A `since` in the future (milliseconds sent as seconds) is a 422.',
  })
  @EventParam()
  @ApiSuccess(202, RecoverResultSchema)
  @ApiErrors([401, 422], { ...APP_ONLY, 422: 'Unknown event type; since missing, not a number, or in the future.' })
  @Post(['callback/:event/recover', 'callbacks/:event/recover'])
  @HttpCode(202)
  @IdempotentWrite()
  recover(@Event() event: EventType, @Body() body: RecoverDto, @CurrentPrincipal() app: AppPrincipal): Promise<RecoverResource> {
    return this.log.recover(app.appId, event, body.since);
  }

  @ApiOperation({
    summary: 'Send a signed test delivery (X-Callback-Event: ping) to the registered callback',
    description:
      'App credentials only. Records a signed test delivery (`X-Callback-Event: ping`, body `{"event": "ping", "callback": ...}`) to your callback, sent and retried like any other and listed among its deliveries. 404 when no callback is registered.',
  })
  @EventParam()
  @ApiSuccess(202, DeliverySchema)
  @ApiErrors([401, 404, 422], { ...APP_ONLY, 404: 'No callback is registered for this event type.' })
  @Post(['callback/:event/ping', 'callbacks/:event/ping'])
  @HttpCode(202)
  @IdempotentWrite()
  ping(@Event() event: EventType, @CurrentPrincipal() app: AppPrincipal): Promise<DeliveryResource> {
    return this.log.ping(app.appId, event);
  }
}
