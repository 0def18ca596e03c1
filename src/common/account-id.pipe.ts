import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';

import { UnprocessableEntityError } from '../http/validation-error.js';
import { parseAccountId } from './account-id.js';

/** Parses an `{account}` path id (unsigned 64-bit) into its canonical string; otherwise 422. */
@Injectable()
export class AccountIdPipe implements PipeTransform<string, string> {
  transform(value: string, metadata: ArgumentMetadata): string {
    const name = metadata.data ?? 'account';
    if (!/^\d+$/.test(value)) {
      throw UnprocessableEntityError.single(['path', name], 'value is not a valid integer', 'type_error.integer');
    }
    const id = parseAccountId(value);
    if (id === undefined) throw UnprocessableEntityError.notFound(['path', name], 'Account');
    return id;
  }
}
