import { Required, TextField } from '../../http/field.decorators.js';

/** Body of `POST /teams/new` (docs/api.md#routes-teams). */
export class CreateTeamDto {
  @Required()
  @TextField(1, 255)
  name: string;
}
