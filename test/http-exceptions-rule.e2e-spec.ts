import { rmSync, writeFileSync } from 'node:fs';

import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The type-aware lint rule that keeps HTTP exceptions in the HTTP layer (docs/architecture.md#lint-rules), run
 * through the project's own ESLint configuration with type information. The code is written to files of src/
 * for the time of the test: TypeScript types only the files of its project.
 */
describe('HTTP exceptions lint rule', () => {
  const eslint = new ESLint();

  const written: string[] = [];
  afterAll(() => {
    for (const file of written) rmSync(file, { force: true });
  });

  /** The rule's messages for `code` in the file `filePath`. */
  async function httpExceptionErrors(filePath: string, code: string): Promise<string[]> {
    written.push(filePath);
    writeFileSync(filePath, code);
    const [result] = await eslint.lintFiles([filePath]);
    expect(result.messages.filter((message) => message.fatal)).toEqual([]);
    return result.messages.filter((message) => message.ruleId === 'local/http-exceptions').map((message) => message.message);
  }

  const code = `
import { HttpException, HttpStatus, NotFoundException } from '@nestjs/common';
import { CommitOutcomeUnknownException } from '../http/commit-outcome-unknown.js';
import { NotFoundError } from '../errors/domain-errors.js';
export function a(): never {
  throw new NotFoundException('Badge not found.');
}
export function b(): never {
  throw new HttpException('Slow down.', HttpStatus.TOO_MANY_REQUESTS);
}
export function c(): never {
  throw new CommitOutcomeUnknownException(new Error('lost'));
}
export function d(): never {
  throw new NotFoundError('Badge not found.');
}
`;

  it("refuses Nest's HTTP exceptions and their subclasses, whatever their name, outside the HTTP layer", { timeout: 300_000 }, async () => {
    expect(await httpExceptionErrors('src/teams/zz-lint-fixture.service.ts', code)).toEqual([
      expect.stringContaining('`NotFoundException` is an HTTP exception'),
      expect.stringContaining('`HttpException` is an HTTP exception'),
      expect.stringContaining('`CommitOutcomeUnknownException` is an HTTP exception'),
    ]);
  });

  it('accepts them in controllers and src/http/, and domain errors anywhere', { timeout: 300_000 }, async () => {
    for (const file of [
      'src/teams/badges.controller.ts',
      'src/teams/badges.filter.ts',
      'src/teams/badges.guard.ts',
      'src/http/badges.ts',
    ]) {
      expect(await httpExceptionErrors(file, code), file).toEqual([]);
    }
  });
});
