import { Required, TextField } from '../../http/field.decorators.js';

/** Body of `POST /teams/new` (interface §4.2). */
export class CreateTeamDto {
  @Required()
  @TextField(1, 255)
  name: string;
}
