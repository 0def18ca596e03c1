import { ApiProperty, ApiSchema } from '@nestjs/swagger';

import type { ValidationErrorItem } from '../../http/validation-error.js';

/** OpenAPI schema of an error other than 422 (contract §1). */
@ApiSchema({ name: 'Error' })
export class ErrorSchema {
  @ApiProperty({ description: 'What went wrong, for people.', example: 'Authentication required.' })
  detail: string;
}

/** One entry of a 422 `detail` list (contract §1). */
@ApiSchema({ name: 'ValidationErrorItem' })
export class ValidationErrorItemSchema implements ValidationErrorItem {
  @ApiProperty({ type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'integer' }] }, example: ['path', 'account'] })
  loc: (string | number)[];

  @ApiProperty({ example: 'Account not found.' })
  msg: string;

  @ApiProperty({ example: 'value_error.not_found' })
  type: string;
}

/** OpenAPI schema of a 422: invalid input, or a resource not found (contract §1, interface §1.8). */
@ApiSchema({ name: 'ValidationError' })
export class ValidationErrorSchema {
  @ApiProperty({ type: () => [ValidationErrorItemSchema] })
  detail: ValidationErrorItemSchema[];
}
