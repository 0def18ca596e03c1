import { ApiProperty, ApiSchema } from '@nestjs/swagger';

import type { AwardResource } from '../resources.js';

/** OpenAPI schema of the Award object (docs/api.md#objects). */
@ApiSchema({ name: 'Award' })
export class AwardSchema implements AwardResource {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ example: 'Winner 2025' })
  title: string;

  @ApiProperty({ format: 'uri', example: 'https://cdn.example.com/awards/1.png' })
  image_url: string;
}
