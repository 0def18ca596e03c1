import { OptionalNotNull, TextField } from '../../http/field.decorators.js';

/** Body of `PATCH /team/{team}` (interface §4.2). */
export class UpdateTeamDto {
  @OptionalNotNull()
  @TextField(1, 255)
  name?: string;
}
