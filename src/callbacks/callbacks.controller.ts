import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';

import type { AppPrincipal } from '../common/principal.js';
import { Authenticated } from '../common/authenticated.decorator.js';
import { CurrentPrincipal } from '../common/current-principal.decorator.js';
import { EVENT_TYPES, type EventType } from '../events/event-type.js';
import { EventTypePipe } from '../events/event-type.pipe.js';
import { IdempotentWrite } from '../idempotency/idempotent-write.decorator.js';
import { ApiErrors, ApiSuccess } from '../openapi/api-responses.decorator.js';
import { CallbackListSchema, CallbackSchema } from './dto/callback.schema.js';
import type { CallbackListResource, CallbackResource } from './callback.resource.js';
import { CallbacksService } from './callbacks.service.js';
import { PutCallbackDto } from './dto/put-callback.dto.js';

const Event = () => Param('event', EventTypePipe);
const EventParam = () => ApiParam({ name: 'event', enum: EVENT_TYPES, description: 'Event type (docs/api.md#events).' });
const NOT_REGISTERED = { 404: 'No callback is registered for this event type.' };
const APP_ONLY = { 401: 'No credentials, wrong credentials, or a user token: callbacks need an app token.' };

/**
 * Callback endpoints of docs/api.md#routes-callbacks with the `/callbacks/{event}` alias
 * (docs/api.md#conventions). App tokens only: a user token or none is a 401 (docs/api.md#authentication).
 */
@ApiTags('callbacks')
@Controller()
@Authenticated({ principal: 'app' })
export class CallbacksController {
  constructor(private readonly callbacks: CallbacksService) {}

  @ApiOperation({
    summary: "Register (or replace) the calling app's callback for an event type",
    description:
      'App credentials only. Registers the URL the service POSTs each event of this type to, signed with `secret` (Standard Webhooks), with an optional `rate_limit` in attempts per second. Replacing a callback keeps its id: pending deliveries go to the new URL, a new secret starts a rotation (the old one keeps signing for a grace period), and a disabled callback is enabled again.',
  })
  @EventParam()
  @ApiSuccess(200, CallbackSchema)
  @ApiErrors([401, 422], APP_ONLY)
  @Put(['callback/:event', 'callbacks/:event'])
  @IdempotentWrite()
  put(@Event() event: EventType, @Body() body: PutCallbackDto, @CurrentPrincipal() app: AppPrincipal): Promise<CallbackResource> {
    return this.callbacks.put(app.appId, event, body);
  }

  @ApiOperation({
    summary: "Get the calling app's callback for an event type",
    description:
      'App credentials only. The callback registered for the event type (never its secret), with its health: `disabled`, `failing_since`, `last_success_at`. 404 when none is registered.',
  })
  @EventParam()
  @ApiSuccess(200, CallbackSchema)
  @ApiErrors([401, 404, 422], { ...APP_ONLY, ...NOT_REGISTERED })
  @Get(['callback/:event', 'callbacks/:event'])
  get(@Event() event: EventType, @CurrentPrincipal() app: AppPrincipal): Promise<CallbackResource> {
    return this.callbacks.get(app.appId, event);
  }

  @ApiOperation({
    summary: "Delete the calling app's callback for an event type; deliveries not yet sent are cancelled",
    description: 'App credentials only. Deletes the callback; its pending deliveries become `cancelled`. 404 when none is registered.',
  })
  @EventParam()
  @ApiSuccess(204)
  @ApiErrors([401, 404, 422], { ...APP_ONLY, ...NOT_REGISTERED })
  @Delete(['callback/:event', 'callbacks/:event'])
  @HttpCode(204)
  async delete(@Event() event: EventType, @CurrentPrincipal() app: AppPrincipal): Promise<void> {
    await this.callbacks.delete(app.appId, event);
  }

  @ApiOperation({
    summary: "Enable the calling app's callback again after it was disabled for failing; held deliveries stay failed until recovered",
    description:
      'App credentials only. Enables a callback that was disabled after failing for too long and clears `failing_since`. Deliveries recorded while it was disabled stay `failed`: send them with `POST /callback/{event}/recover`. 404 when none is registered.',
  })
  @EventParam()
  @ApiSuccess(200, CallbackSchema)
  @ApiErrors([401, 404, 422], { ...APP_ONLY, ...NOT_REGISTERED })
  @Post(['callback/:event/enable', 'callbacks/:event/enable'])
  @HttpCode(200)
  @IdempotentWrite()
  enable(@Event() event: EventType, @CurrentPrincipal() app: AppPrincipal): Promise<CallbackResource> {
    return this.callbacks.enable(app.appId, event);
  }

  @ApiOperation({
    summary: "List the calling app's callbacks: event type → URL",
    description: 'App credentials only. Every callback of the calling app, as a map from event type to URL.',
  })
  @ApiSuccess(200, CallbackListSchema)
  @ApiErrors([401], APP_ONLY)
  @Get('callbacks')
  list(@CurrentPrincipal() app: AppPrincipal): Promise<CallbackListResource> {
    return this.callbacks.list(app.appId);
  }
}
