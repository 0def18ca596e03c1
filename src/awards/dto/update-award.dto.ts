import { HttpUrlField, IntegerField, Optional, OptionalNotNull, TextField } from '../../http/field.decorators.js';

/** Body of `PATCH /award/{award}` (docs/api.md#routes-awards); every field optional. */
export class UpdateAwardDto {
  @OptionalNotNull()
  @TextField(1, 255)
  title?: string;

  @OptionalNotNull()
  @HttpUrlField()
  image_url?: string;

  /** Id of an existing team; 0 or null leaves the award without a team. */
  @Optional()
  @IntegerField()
  team?: number | null;
}
