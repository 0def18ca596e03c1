import { Controller, type ExecutionContext, Put, Query, Req } from '@nestjs/common';
import { describe, expect, it } from 'vitest';

import { SearchTeamsQuery } from '../teams/dto/search-teams.query.js';
import { canonicalQuery, routeQuery } from './route-query.js';
import { routeTarget } from './route-target.js';

@Controller()
class Routes {
  @Put(['thing/:id', 'things/:id'])
  none(): void {}

  @Put('named')
  named(@Query('b') b: string, @Query('a') a: string): string {
    return a + b;
  }

  @Put('dto')
  dto(@Query() query: SearchTeamsQuery): SearchTeamsQuery {
    return query;
  }

  @Put('record')
  record(@Query() query: Record<string, string>): Record<string, string> {
    return query;
  }

  @Put('request')
  request(@Req() request: unknown): unknown {
    return request;
  }
}

const contextOf = (handler: keyof Routes): ExecutionContext =>
  ({ getClass: () => Routes, getHandler: () => Routes.prototype[handler] }) as unknown as ExecutionContext;

describe('routeQuery', () => {
  it('reads no query where the handler takes none', () => {
    expect(routeQuery(contextOf('none'))).toEqual(new Set());
  });

  it("reads the names of @Query('name'), and the fields of a @Query() DTO (its own and inherited)", () => {
    expect(routeQuery(contextOf('named'))).toEqual(new Set(['a', 'b']));
    expect(routeQuery(contextOf('dto'))).toEqual(new Set(['page', 'per_page', 'q']));
  });

  it('could read any with a @Query() of no DTO, or the whole request', () => {
    expect(routeQuery(contextOf('record'))).toBe('all');
    expect(routeQuery(contextOf('request'))).toBe('all');
  });
});

describe('canonicalQuery', () => {
  it('sorts the parameters read by name, keeping the order of a repeated name', () => {
    expect(canonicalQuery({ b: '2', a: '1' }, 'all')).toBe('a=1&b=2');
    expect(canonicalQuery({ a: '1', b: '2' }, 'all')).toBe('a=1&b=2');
    expect(canonicalQuery({ b: ['3', '1'], a: 'x y&z' }, 'all')).toBe('a=x+y%26z&b=3&b=1');
    expect(canonicalQuery({ b: ['1', '3'] }, 'all')).not.toBe(canonicalQuery({ b: ['3', '1'] }, 'all'));
  });

  it('leaves out the parameters the route does not read; none when it reads none', () => {
    expect(canonicalQuery({ z: '9', q: 're', page: '1' }, new Set(['page', 'q']))).toBe('page=1&q=re');
    expect(canonicalQuery({ a: '1', b: '2' }, new Set())).toBe('');
    expect(canonicalQuery(undefined, 'all')).toBe('');
  });
});

describe('routeTarget', () => {
  it('is the canonical path, and the query the route reads in name order', () => {
    expect(routeTarget(contextOf('none'), { id: 'a b' }, { b: '2', a: '1' })).toBe('/thing/a%20b');
    expect(routeTarget(contextOf('named'), {}, { c: '3', b: '2', a: '1' })).toBe('/named?a=1&b=2');
    expect(routeTarget(contextOf('named'), {}, {})).toBe('/named');
    expect(routeTarget(contextOf('record'), {}, { c: '3', a: '1' })).toBe('/record?a=1&c=3');
  });
});
