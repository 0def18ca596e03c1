import { type ArgumentMetadata, Injectable, type PipeTransform, type Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { type ValidationError, validate } from 'class-validator';

import { UnprocessableEntityError, type ValidationErrorItem } from './validation-error.js';

/** The FastAPI-style `type` of a failed class-validator constraint (docs/api.md#conventions). */
const CONSTRAINT_TYPES: Record<string, string> = {
  isDefined: 'value_error.missing',
  isNotEmpty: 'value_error.missing',
  isInt: 'type_error.integer',
  isString: 'type_error.str',
  isBoolean: 'type_error.bool',
  isArray: 'type_error.list',
  isAccountId: 'type_error.integer',
  isUrl: 'value_error.url',
  isUrlWithoutUserInfo: 'value_error.url.userinfo',
  isWellFormedUnicode: 'value_error.str.unicode',
  hasComparedCharacter: 'value_error.str.ignorable',
  isIn: 'type_error.enum',
  min: 'value_error.number.not_ge',
  max: 'value_error.number.not_le',
  isLength: 'value_error.any_str.length',
  minLength: 'value_error.any_str.min_length',
  maxLength: 'value_error.any_str.max_length',
  arrayMaxSize: 'value_error.list.max_items',
};

const LOCATIONS: Record<ArgumentMetadata['type'], string> = { body: 'body', query: 'query', param: 'path', custom: 'body' };

/**
 * Validates `@Body()`, `@Query()` and `@Param()` DTOs with class-validator and
 * answers 422 with the `detail` list of docs/api.md#conventions, one entry per field, the
 * first failed rule of each. Unknown fields are dropped (docs/api.md#conventions: ignored).
 */
@Injectable()
export class ApiValidationPipe implements PipeTransform {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const metatype = metadata.metatype;
    if (!metatype || !isDtoClass(metatype)) return value;
    const location = LOCATIONS[metadata.type];
    if (metadata.type === 'body' && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw UnprocessableEntityError.single([location], 'value is not a valid dict', 'type_error.dict');
    }
    const instance = plainToInstance(metatype, value ?? {}, { enableImplicitConversion: false, exposeDefaultValues: true }) as object;
    const errors = await validate(instance, { whitelist: true, forbidUnknownValues: false, stopAtFirstError: true });
    if (errors.length > 0) throw new UnprocessableEntityError(errors.flatMap((error) => toItems(error, [location])));
    return instance;
  }
}

function isDtoClass(metatype: Type<unknown>): boolean {
  return ![String, Boolean, Number, Array, Object].includes(metatype as never);
}

function toItems(error: ValidationError, parent: (string | number)[]): ValidationErrorItem[] {
  const loc = [...parent, error.property];
  const items: ValidationErrorItem[] = [];
  const constraints = Object.entries(error.constraints ?? {});
  if (constraints.length > 0) {
    const [name, message] = constraints[0];
    items.push({ loc, msg: message, type: CONSTRAINT_TYPES[name] ?? `value_error.${name}` });
  }
  for (const child of error.children ?? []) items.push(...toItems(child, loc));
  return items;
}
