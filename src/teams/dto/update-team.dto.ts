import { Optional, TextField } from '../../http/field.decorators.js';

/** Body of `PATCH /team/{team}` (interface §4.2). */
export class UpdateTeamDto {
  @Optional() @TextField(1, 255)
  name?: string;
}
