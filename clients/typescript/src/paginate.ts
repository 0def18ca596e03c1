/** A page of a search (docs/api.md#pagination): zero-based `page`, `pages` in all, `results` in all. */
export interface Page<T> {
  page: number;
  per_page: number;
  pages: number;
  results: number;
  data: T[];
}

/**
 * Every item of a paginated search, in order, reading page after page (zero-based, docs/api.md#pagination) until the last,
 * as an async iterator: `for await (const account of paginate(...))`.
 * @param fetchPage reads one page, e.g. `(page) => unwrap(client.GET('/accounts/search', { params: { query: { q, page } } }))`.
 */
export async function* paginate<T>(fetchPage: (page: number) => Promise<Page<T>>): AsyncGenerator<T, void, undefined> {
  for (let page = 0; ; page++) {
    const current = await fetchPage(page);
    yield* current.data;
    if (page + 1 >= current.pages) return;
  }
}
