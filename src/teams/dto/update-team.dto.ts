import { OptionalNotNull, TextField } from '../../http/field.decorators.js';

/** Body of `PATCH /team/{team}` (docs/api.md#routes-teams). */
export class UpdateTeamDto {
  @OptionalNotNull()
  @TextField(1, 255)
  name?: string;
}
