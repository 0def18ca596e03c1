// What `npm run module:create <Name>` writes (scripts/module-create.mjs), as functions of the name: a feature in
// the project's conventions (docs/adding-a-module.md), with src/teams/ as the model. Prettier formats the files
// after they are written.

/**
 * The spellings of a feature's name. `name` is PascalCase and plural (`Badges`, `TeamNotes`): the folder, the
 * table and the module are plural, the entity and the resource singular (a trailing `s` dropped, `ies` → `y`).
 */
export function namesOf(name) {
  const singular = name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.endsWith('s') && !name.endsWith('ss') ? name.slice(0, -1) : name;
  const words = (pascal) =>
    pascal
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
      .toLowerCase()
      .split(' ');
  const plural = words(name);
  const one = words(singular);
  const camel = (list) => list.map((word, at) => (at === 0 ? word : word[0].toUpperCase() + word.slice(1))).join('');
  return {
    Plural: name,
    Singular: singular,
    pluralCamel: camel(plural),
    kebab: plural.join('-'),
    snake: plural.join('_'),
    singularKebab: one.join('-'),
    singularSnake: one.join('_'),
    /** Lower-case words, for prose: `team notes`. */
    words: plural.join(' '),
    /** The resource's name in messages: `Team note` ("Team note not found."). */
    label: one.join(' ').replace(/^./, (first) => first.toUpperCase()),
  };
}

/** The files of the feature, by path from the repository's root, the migration's body and the docs' row aside. */
export function featureFiles(n) {
  const dir = `src/${n.kebab}`;
  return {
    [`${dir}/feature.ts`]: manifest(n),
    [`${dir}/${n.singularKebab}.entity.ts`]: entity(n),
    [`${dir}/${n.kebab}.repository.ts`]: repository(n),
    [`${dir}/${n.kebab}.service.ts`]: service(n),
    [`${dir}/${n.kebab}.service.spec.ts`]: serviceSpec(n),
    [`${dir}/${n.kebab}.controller.ts`]: controller(n),
    [`${dir}/${n.kebab}.module.ts`]: module(n),
    [`${dir}/dto/create-${n.singularKebab}.dto.ts`]: createDto(n),
    [`${dir}/dto/${n.singularKebab}.schema.ts`]: schema(n),
    [`test/${n.kebab}.e2e-spec.ts`]: e2e(n),
  };
}

function manifest(n) {
  return `/**
 * ${n.Plural}: named ${n.words} (docs/adding-a-module.md). Plain data read by scripts/features.cjs
 * (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'feature',
  tables: { ${n.snake}: '' },
  // The features it may import.
  imports: [],
};
`;
}

function entity(n) {
  return `import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

import { UniqueIndex } from '../database/migrations/column-types.js';

/** A ${n.label.toLowerCase()}: a unique name. Times in Unix seconds. */
@Entity('${n.snake}')
@UniqueIndex('${n.snake}', ['name'])
export class ${n.Singular}Entity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** Seconds since the UNIX epoch. */
  @Column({ name: 'created_at', type: 'double' })
  createdAt: number;
}
`;
}

/** The body of the migration's class, replacing what \`migration:create\` wrote between its braces. */
export function migrationBody(n, className) {
  return `import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

import { serialColumn, textColumn, timestampColumn, uniqueIndex } from './column-types.js';

/**
 * ${n.Plural}: the table \`${n.snake}\` (src/${n.kebab}/), each name once. Frozen once shipped: it holds every
 * statement it runs and imports only \`typeorm\` and \`column-types.ts\` (docs/adding-a-module.md).
 */
export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: '${n.snake}',
        columns: [serialColumn(), textColumn('name', 255), timestampColumn('created_at')],
        indices: [uniqueIndex('${n.snake}', ['name'])],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('${n.snake}');
  }
}
`;
}

function repository(n) {
  return `import { Injectable } from '@nestjs/common';

import { GenerateSql, SqlSample as S } from '../database/generate-sql.decorator.js';
import { Transactions } from '../database/transactions.js';
import { ${n.Singular}Entity } from './${n.singularKebab}.entity.js';

/**
 * Every statement on \`${n.snake}\`. Each runs in the current transaction (\`Transactions.manager\`; the pool's
 * outside one, docs/architecture.md#transactions): callers run them inside \`Transactions.run\`.
 */
@Injectable()
export class ${n.Plural}Repository {
  constructor(private readonly transactions: Transactions) {}

  /**
   * Inserts a ${n.label.toLowerCase()}.
   *
   * @returns it with its new id.
   * @throws the driver's duplicate-key error when the name is taken (\`isDuplicateKeyError\`).
   */
  @GenerateSql({ params: [{ name: 'Example', createdAt: S.NOW }] })
  async insert(fields: Omit<${n.Singular}Entity, 'id'>): Promise<${n.Singular}Entity> {
    const manager = this.transactions.manager;
    const row = manager.create(${n.Singular}Entity, fields);
    await manager.insert(${n.Singular}Entity, row);
    return row;
  }

  /** @returns the ${n.label.toLowerCase()}, or \`null\`. */
  @GenerateSql({ params: [1] })
  findById(id: number): Promise<${n.Singular}Entity | null> {
    return this.transactions.manager.findOneBy(${n.Singular}Entity, { id });
  }
}
`;
}

function service(n) {
  return `import { Injectable } from '@nestjs/common';

import { Clock } from '../clock/clock.js';
import { isDuplicateKeyError } from '../database/duplicate-key.js';
import { Transactions } from '../database/transactions.js';
import { ConflictError, requireFound } from '../errors/domain-errors.js';
import type { ${n.Singular}Entity } from './${n.singularKebab}.entity.js';
import { ${n.Plural}Repository } from './${n.kebab}.repository.js';

/** A ${n.label.toLowerCase()} as the API returns it. */
export interface ${n.Singular}Resource {
  id: number;
  name: string;
  /** Seconds since the UNIX epoch. */
  created_at: number;
}

/** ${n.Plural}: every write is one transaction (docs/architecture.md#transactions). */
@Injectable()
export class ${n.Plural}Service {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: ${n.Plural}Repository,
    private readonly clock: Clock,
  ) {}

  /**
   * Creates a ${n.label.toLowerCase()}.
   *
   * @throws ConflictError (HTTP 409) when the name is taken.
   */
  async create(name: string): Promise<${n.Singular}Resource> {
    return this.transactions.run(async () => {
      try {
        return toResource(await this.repository.insert({ name, createdAt: this.clock.nowSeconds() }));
      } catch (error) {
        if (isDuplicateKeyError(error)) throw new ConflictError(\`A ${n.label.toLowerCase()} named "\${name}" exists already.\`);
        throw error;
      }
    });
  }

  /** @throws InvalidInputError (HTTP 422 at \`${n.singularSnake}\`) when it does not exist. */
  async get(id: number): Promise<${n.Singular}Resource> {
    return toResource(requireFound(await this.repository.findById(id), ['${n.singularSnake}'], '${n.label}'));
  }
}

function toResource(row: ${n.Singular}Entity): ${n.Singular}Resource {
  return { id: row.id, name: row.name, created_at: row.createdAt };
}
`;
}

function createDto(n) {
  return `import { Required, TextField } from '../../http/field.decorators.js';

/** Body of \`POST /${n.kebab}/new\`. */
export class Create${n.Singular}Dto {
  @Required()
  @TextField(1, 255)
  name: string;
}
`;
}

function schema(n) {
  return `import { ApiProperty, ApiSchema } from '@nestjs/swagger';

import type { ${n.Singular}Resource } from '../${n.kebab}.service.js';

/** OpenAPI schema of a ${n.label.toLowerCase()}. */
@ApiSchema({ name: '${n.Singular}' })
export class ${n.Singular}Schema implements ${n.Singular}Resource {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ example: 'Example' })
  name: string;

  @ApiProperty({ type: 'number', description: 'Seconds since the UNIX epoch, with a fractional part.', example: 1763800000.123 })
  created_at: number;
}
`;
}

function controller(n) {
  return `import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { Authenticated, Public } from '../common/authenticated.decorator.js';
import { SerialIdPipe } from '../http/id-param.pipe.js';
import { IdempotentWrite } from '../idempotency/idempotent-write.decorator.js';
import { ApiErrors, ApiSuccess } from '../openapi/api-responses.decorator.js';
import { Create${n.Singular}Dto } from './dto/create-${n.singularKebab}.dto.js';
import { ${n.Singular}Schema } from './dto/${n.singularKebab}.schema.js';
import { type ${n.Singular}Resource, ${n.Plural}Service } from './${n.kebab}.service.js';

const ${n.Singular}Id = () => Param('${n.singularSnake}', new SerialIdPipe('${n.label}'));

/** ${n.Plural}: create one (authenticated), read one (public). */
@ApiTags('${n.kebab}')
@Controller()
export class ${n.Plural}Controller {
  constructor(private readonly ${n.pluralCamel}: ${n.Plural}Service) {}

  @ApiOperation({ summary: 'Create a ${n.label.toLowerCase()}', description: 'Needs credentials. 409 when the name is taken.' })
  @ApiSuccess(201, ${n.Singular}Schema)
  @ApiErrors([409, 422])
  @Post('${n.kebab}/new')
  @HttpCode(201)
  @Authenticated()
  @IdempotentWrite()
  create(@Body() body: Create${n.Singular}Dto): Promise<${n.Singular}Resource> {
    return this.${n.pluralCamel}.create(body.name);
  }

  @ApiOperation({ summary: 'Get a ${n.label.toLowerCase()}', description: 'Public. 422 when it does not exist.' })
  @ApiSuccess(200, ${n.Singular}Schema)
  @ApiErrors([422], { 422: 'Invalid id, or no such ${n.label.toLowerCase()}.' })
  @Get('${n.singularKebab}/:${n.singularSnake}')
  @Public()
  get(@${n.Singular}Id() id: number): Promise<${n.Singular}Resource> {
    return this.${n.pluralCamel}.get(id);
  }
}
`;
}

function module(n) {
  return `import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { ClockModule } from '../clock/clock.module.js';
import { ${n.Singular}Entity } from './${n.singularKebab}.entity.js';
import { ${n.Plural}Controller } from './${n.kebab}.controller.js';
import { ${n.Plural}Repository } from './${n.kebab}.repository.js';
import { ${n.Plural}Service } from './${n.kebab}.service.js';

/** ${n.Plural} (docs/adding-a-module.md). */
@Module({
  imports: [ClockModule, TypeOrmModule.forFeature([${n.Singular}Entity])],
  controllers: [${n.Plural}Controller],
  providers: [${n.Plural}Service, ${n.Plural}Repository],
})
export class ${n.Plural}Module {}
`;
}

function serviceSpec(n) {
  return `import { describe, expect, it } from 'vitest';

import { FakeTransactions } from '../../test/support/fake-transactions.js';
import { domainRejection } from '../../test/support/rejection.js';
import type { Clock } from '../clock/clock.js';
import { ConflictError, InvalidInputError } from '../errors/domain-errors.js';
import type { ${n.Singular}Entity } from './${n.singularKebab}.entity.js';
import type { ${n.Plural}Repository } from './${n.kebab}.repository.js';
import { ${n.Plural}Service } from './${n.kebab}.service.js';

/** A service over fakes of its own: a repository backed by an array (names unique, as the index keeps them), a fixed clock. */
function setUp() {
  const rows: ${n.Singular}Entity[] = [];
  const transactions = new FakeTransactions();
  const repository = {
    insert: async (fields: Omit<${n.Singular}Entity, 'id'>) => {
      expect(transactions.active).toBe(true);
      if (rows.some((row) => row.name === fields.name)) throw Object.assign(new Error('duplicate'), { code: 'ER_DUP_ENTRY' });
      const row = { id: rows.length + 1, ...fields };
      rows.push(row);
      return row;
    },
    findById: async (id: number) => rows.find((row) => row.id === id) ?? null,
  };
  const service = new ${n.Plural}Service(transactions.asTransactions(), repository as unknown as ${n.Plural}Repository, { nowSeconds: () => 100 } as Clock);
  return { service, rows, transactions };
}

// Every test sets up its own fakes: no state is shared, so each passes alone and in any order.
describe('${n.Plural}Service', () => {
  it('creates in one transaction and reads back', async () => {
    const { service, transactions } = setUp();
    expect(await service.create('Gold')).toEqual({ id: 1, name: 'Gold', created_at: 100 });
    expect(transactions.runs).toBe(1);
    expect(await service.get(1)).toEqual({ id: 1, name: 'Gold', created_at: 100 });
  });

  it('refuses a taken name as a conflict', async () => {
    const { service, rows } = setUp();
    await service.create('Gold');
    const error = await domainRejection(service.create('Gold'));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe('A ${n.label.toLowerCase()} named "Gold" exists already.');
    expect(rows).toHaveLength(1);
  });

  it('refuses an unknown id as invalid input at \`${n.singularSnake}\`', async () => {
    const { service } = setUp();
    const error = await domainRejection(service.get(7));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.problems).toEqual([{ field: ['${n.singularSnake}'], message: '${n.label} not found.', type: 'value_error.not_found' }]);
  });
});
`;
}

function e2e(n) {
  return `import { describe, expect, it } from 'vitest';

import { useTestApp } from './support/use-test-app.js';

describe('${n.words}', () => {
  const { t, admin } = useTestApp({}, { resetEach: true, admin: true });

  it('creates one with credentials and reads it publicly', async () => {
    const created = await t.http.post('/${n.kebab}/new', { auth: admin, body: { name: ' Gold ' } });
    expect(created).toMatchObject({ status: 201, body: { id: expect.any(Number), name: 'Gold', created_at: expect.any(Number) } });
    expect(await t.http.get(\`/${n.singularKebab}/\${created.body.id}\`)).toMatchObject({ status: 200, body: created.body });
  });

  it('401 without credentials, 409 for a taken name, 422 for a bad body', async () => {
    expect((await t.http.post('/${n.kebab}/new', { body: { name: 'Gold' } })).status).toBe(401);
    expect((await t.http.post('/${n.kebab}/new', { auth: admin, body: { name: 'Gold' } })).status).toBe(201);
    expect(await t.http.post('/${n.kebab}/new', { auth: admin, body: { name: 'Gold' } })).toMatchObject({
      status: 409,
      body: { detail: 'A ${n.label.toLowerCase()} named "Gold" exists already.' },
    });
    expect((await t.http.post('/${n.kebab}/new', { auth: admin, body: {} })).status).toBe(422);
  });

  it('422 for an unknown id', async () => {
    expect(await t.http.get('/${n.singularKebab}/999')).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['path', '${n.singularSnake}'], msg: '${n.label} not found.', type: 'value_error.not_found' }] },
    });
  });
});
`;
}

/**
 * `markdown` (docs/architecture.md) with the feature's row appended to the table list of its Tables section.
 *
 * @throws when the section has no table list.
 */
export function withTableRow(markdown, n) {
  const lines = markdown.split('\n');
  const start = lines.indexOf('## Tables');
  const end = lines.findIndex((line, at) => at > start && line.startsWith('## '));
  const last = lines.findLastIndex((line, at) => at > start && (end < 0 || at < end) && line.startsWith('| `'));
  if (start < 0 || last < 0) throw new Error('docs/architecture.md: no table list under ## Tables found.');
  lines.splice(last + 1, 0, `| \`${n.snake}\` | \`${n.kebab}/\` (\`${n.singularKebab}.entity.ts\`, \`${n.kebab}.repository.ts\`) | |`);
  return lines.join('\n');
}

/**
 * `text` (src/app.module.ts) with the feature's module imported and registered in \`AppModule.forRoot\`, before
 * the health module (the last).
 *
 * @throws when the text has not the expected shape.
 */
export function withAppModule(text, n) {
  const lines = text.split('\n');
  const lastImport = lines.findLastIndex((line) => /^import .* from '\.\/.*\.js';$/.test(line));
  const health = lines.findIndex((line) => /^\s+HealthModule\.forRoot\(/.test(line));
  if (lastImport < 0 || health < 0) throw new Error('src/app.module.ts: no imports or no HealthModule.forRoot(...) line found.');
  const indent = /^\s+/.exec(lines[health])[0];
  lines.splice(health, 0, `${indent}${n.Plural}Module,`);
  lines.splice(lastImport + 1, 0, `import { ${n.Plural}Module } from './${n.kebab}/${n.kebab}.module.js';`);
  return lines.join('\n');
}
