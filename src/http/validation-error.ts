import { HttpException, HttpStatus } from '@nestjs/common';

/** One entry of a 422 `detail` list (docs/api.md#conventions). */
export interface ValidationErrorItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/**
 * A 422 answer whose body is `{"detail": [{loc, msg, type}, ...]}` (docs/api.md#conventions).
 * Used for invalid input and for resources that are not found (docs/api.md#errors).
 */
export class UnprocessableEntityError extends HttpException {
  constructor(readonly items: ValidationErrorItem[]) {
    super({ detail: items }, HttpStatus.UNPROCESSABLE_ENTITY);
  }

  /** A 422 for one location, e.g. `single(['path', 'team'], 'Team not found.', 'value_error.not_found')`. */
  static single(loc: (string | number)[], msg: string, type: string): UnprocessableEntityError {
    return new UnprocessableEntityError([{ loc, msg, type }]);
  }

  /** A 422 saying the resource named at `loc` does not exist, e.g. `notFound(['path', 'account'], 'Account')`. */
  static notFound(loc: (string | number)[], resource: string): UnprocessableEntityError {
    return UnprocessableEntityError.single(loc, `${resource} not found.`, 'value_error.not_found');
  }
}
