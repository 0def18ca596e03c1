import 'reflect-metadata';

import { Body, Controller, Get, Module, Param, Post, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiProperty } from '@nestjs/swagger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ApiErrors } from './api-responses.decorator.js';
import { DOCS_PATH, setupOpenApi } from './openapi.js';

class NoteDto {
  @ApiProperty()
  text: string;
}

/** Routes that declare no error answer at all, but one. */
@Controller()
class NotesController {
  @Post('notes')
  add(@Body() body: NoteDto): NoteDto {
    return body;
  }

  @Get('notes/:id')
  get(@Param('id') id: string): string {
    return id;
  }

  @Get('notes')
  list(@Query('page') page: string): string {
    return page;
  }

  @Get('described/:id')
  @ApiErrors([422], { 422: 'No such note.' })
  described(@Param('id') id: string): string {
    return id;
  }

  @Get('plain')
  plain(): string {
    return 'plain';
  }
}

@Module({ controllers: [NotesController] })
class NotesModule {}

/** The 422 is documented by construction: every operation with a body, path or query parameters lists it. */
describe('OpenAPI document: 422 by construction', () => {
  let app: NestFastifyApplication;
  let responses: (method: string, path: string) => Record<string, { description: string; content?: unknown }>;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(NotesModule, new FastifyAdapter(), { logger: false });
    setupOpenApi(app);
    await app.init();
    const document = (
      await app
        .getHttpAdapter()
        .getInstance()
        .inject({ method: 'GET', url: `/${DOCS_PATH}/json` })
    ).json();
    responses = (method, path) => document.paths[path][method].responses;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('adds the 422 of a body, a path parameter and a query parameter, with the ValidationError body', () => {
    const expected = {
      description: 'Invalid input, or a resource that does not exist.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } } },
    };
    expect(responses('post', '/notes')['422']).toEqual(expected);
    expect(responses('get', '/notes/{id}')['422']).toEqual(expected);
    expect(responses('get', '/notes')['422']).toEqual(expected);
  });

  it("keeps a route's own description of its 422, and adds none to a route without input", () => {
    expect(responses('get', '/described/{id}')['422']!.description).toBe('No such note.');
    expect(responses('get', '/plain')['422']).toBeUndefined();
  });
});
