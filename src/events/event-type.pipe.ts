import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';

import { UnprocessableEntityError } from '../http/validation-error.js';
import { EVENT_TYPES, type EventType, isEventType } from './event-type.js';

/** Parses an `{event}` path segment; an unknown event type is a 422 (docs/api.md#routes-callbacks, docs/api.md#events). */
@Injectable()
export class EventTypePipe implements PipeTransform<string, EventType> {
  transform(value: string, metadata: ArgumentMetadata): EventType {
    if (isEventType(value)) return value;
    throw UnprocessableEntityError.single(
      ['path', metadata.data ?? 'event'],
      `Unknown event type. Known event types: ${EVENT_TYPES.join(', ')}.`,
      'type_error.enum',
    );
  }
}
