import type { AccountsClient } from './client.js';
import type { paths } from './schema.js';
import { unwrap } from './unwrap.js';

/**
 * A page of a paginated route (docs/api.md#pagination): zero-based `page`, `pages` in all, `results` in all, the page's
 * `data`. The delivery logs' pages also say whether more follow (`has_more`); their `page` is `null` for a page asked
 * for after a delivery (`starting_after`, docs/api.md#delivery-log).
 */
export interface Page<T> {
  page: number | null;
  per_page: number;
  pages: number;
  results: number;
  has_more?: boolean;
  data: T[];
}

/** The paths whose `GET` answers a {@link Page}: the searches and the delivery logs. */
export type PagedPath = {
  [P in keyof paths]: paths[P] extends {
    get: { responses: { 200: { content: { 'application/json': { pages: number; data: unknown[] } } } } };
  }
    ? P
    : never;
}[keyof paths];

type GetOperation<P extends PagedPath> = paths[P]['get'];

/** The item type of a paged path, e.g. `PagedItem<'/accounts/search'>` is an Account. */
export type PagedItem<P extends PagedPath> = GetOperation<P>['responses'][200]['content']['application/json']['data'][number];

type Parameters<P extends PagedPath> = GetOperation<P>['parameters'];

/**
 * The parameters of a paged path's `GET`, without `page` and `starting_after` (the helper turns the pages): `path`
 * where it has one, the filters in `query`.
 */
export type PagedParams<P extends PagedPath> = Omit<Parameters<P>, 'query' | 'header' | 'cookie'> & {
  query?: Omit<NonNullable<Parameters<P>['query']>, 'page' | 'starting_after'>;
};

/** The pages of one paged route and filter; iterate it for every item, in order. */
export interface Paged<T> extends AsyncIterable<T> {
  /** One page, zero-based (a page past the end has empty `data`). */
  page(page: number): Promise<Page<T>>;
  /**
   * Every page in order, from the first to the last: `for await (const page of paged(...).pages())`. Where the route
   * answers `has_more` (the delivery logs), each page after the first is asked for after the last item of the one
   * before (`starting_after`), so items recorded meanwhile never make one come twice or be missed.
   */
  pages(): AsyncIterable<Page<T>>;
}

/**
 * Every paginated route (the account and team searches, the delivery logs)
 * read page after page, with the types of its path: iterate the result for
 * every item (`for await (const account of paged(client, '/accounts/search',
 * { query: { q: 'an' } }))`), or call `.pages()` or `.page(n)`. Each page is
 * one request, made when the iteration reaches it; the delivery logs are read
 * by cursor (`starting_after`, docs/api.md#delivery-log), the searches by page number.
 * @throws ValidationError (422) for a bad filter; AccountsApiError for any other failure (from the iteration).
 */
export function paged<P extends PagedPath>(
  client: AccountsClient,
  path: P,
  ...[params]: object extends PagedParams<P> ? [params?: PagedParams<P>] : [params: PagedParams<P>]
): Paged<PagedItem<P>> {
  type Item = PagedItem<P>;
  const { query, ...rest } = (params ?? {}) as { query?: Record<string, unknown>; path?: Record<string, unknown> };
  // openapi-fetch's GET types one literal path at a time; the signature above keeps the caller's types exact.
  const get = client.GET as unknown as (path: string, init: object) => Promise<{ data?: Page<Item>; error?: unknown; response: Response }>;
  const request = (position: { page: number } | { starting_after: string }) =>
    unwrap(get(path, { params: { ...rest, query: { ...query, ...position } } }));
  const page = (page: number) => request({ page });
  async function* pages(): AsyncGenerator<Page<Item>, undefined, undefined> {
    let current = await page(0);
    for (let index = 0; ; index++) {
      yield current;
      if (current.has_more === undefined) {
        if (index + 1 >= current.pages) return undefined;
        current = await page(index + 1);
      } else {
        const last = current.data.at(-1) as { id: string } | undefined;
        if (!current.has_more || last === undefined) return undefined;
        current = await request({ starting_after: last.id });
      }
    }
  }
  return {
    page,
    pages,
    async *[Symbol.asyncIterator]() {
      for await (const current of pages()) yield* current.data;
    },
  };
}
