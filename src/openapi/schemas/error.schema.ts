import { ApiProperty, ApiSchema } from '@nestjs/swagger';

import type { ValidationErrorItem } from '../../http/validation-error.js';

/** OpenAPI schema of an error other than 422 (docs/api.md#conventions). */
@ApiSchema({ name: 'Error' })
export class ErrorSchema {
  @ApiProperty({ description: 'What went wrong, for people.', example: 'Authentication required.' })
  detail: string;
}

/** One entry of a 422 `detail` list (docs/api.md#conventions). */
@ApiSchema({ name: 'ValidationErrorItem' })
export class ValidationErrorItemSchema implements ValidationErrorItem {
  @ApiProperty({ type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'integer' }] }, example: ['path', 'account'] })
  loc: (string | number)[];

  @ApiProperty({ example: 'Account not found.' })
  msg: string;

  @ApiProperty({ example: 'value_error.not_found' })
  type: string;
}

/** OpenAPI schema of a 422: invalid input, or a resource not found (docs/api.md#conventions, docs/api.md#errors). */
@ApiSchema({ name: 'ValidationError' })
export class ValidationErrorSchema {
  @ApiProperty({ type: () => [ValidationErrorItemSchema] })
  detail: ValidationErrorItemSchema[];
}
