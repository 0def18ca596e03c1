/** A response as the tests inspect it. */
export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Credentials for HTTP Basic: `{ username: 'A1', password: token }` (docs/api.md#authentication). */
export interface Credentials {
  username: string;
  password: string;
}

/** Options of one request. */
export interface RequestOptions {
  auth?: Credentials;
  /** JSON-encoded unless `rawBody` is given. */
  body?: unknown;
  /** Sent as it is, with `contentType` (default application/json). */
  rawBody?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** `Authorization` header value for `credentials`. */
export function basicAuth(credentials: Credentials): string {
  return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
}

/** A minimal HTTP client over fetch for the e2e tests (real HTTP to the real app). */
export class HttpClient {
  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.auth) headers.authorization = basicAuth(options.auth);
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = undefined;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }

  post<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('POST', path, options);
  }

  patch<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('PATCH', path, options);
  }

  put<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('PUT', path, options);
  }

  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }
}
