import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';

import { UnprocessableEntityError } from './validation-error.js';

/** Largest id of the auto-increment tables (teams, awards): a signed 32-bit int. */
const MAX_SERIAL_ID = 2_147_483_647;

/**
 * Parses an integer path id such as `{team}` or `{award}`. Non-integers are a
 * 422 (docs/api.md#conventions); integers no row can have (0, negative, too large) are a
 * 422 "not found" like any other unknown id.
 */
@Injectable()
export class SerialIdPipe implements PipeTransform<string, number> {
  constructor(private readonly resource: string) {}

  transform(value: string, metadata: ArgumentMetadata): number {
    const name = metadata.data ?? 'id';
    if (!/^-?\d+$/.test(value)) {
      throw UnprocessableEntityError.single(['path', name], 'value is not a valid integer', 'type_error.integer');
    }
    const id = Number(value);
    if (id < 1 || id > MAX_SERIAL_ID) throw UnprocessableEntityError.notFound(['path', name], this.resource);
    return id;
  }
}
