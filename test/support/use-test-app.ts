import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';

import { APP_PERMISSIONS } from '../../src/permissions/permission.js';
import type { Credentials } from './http-client.js';
import { standIn } from './stand-in.js';
import { TestApp } from './test-app.js';

/** What `useTestApp` gives a describe block: stand-ins for what its hooks set up. */
export interface TestAppContext {
  /** The running API: started before the block's tests, closed after them. */
  readonly t: TestApp;
  /** An app holding every app permission (95), made anew before each test; only with the `admin` option. */
  readonly admin: Credentials & { id: number };
}

/** The app's environment, or a function giving it when the app starts (after the block's earlier `beforeAll` hooks). */
export type TestAppEnv =
  Record<string, string | undefined> | (() => Record<string, string | undefined> | Promise<Record<string, string | undefined>>);

/** How `useTestApp` starts the app, and what it does before each test. */
export interface UseTestAppOptions {
  /** Where the app logs (JSON lines, as `TestApp.start`'s `logDestination`); no log otherwise. */
  logDestination?: DestinationStream;
  /** Empty every table (`TestApp.start` empties them once anyway). */
  resetEach?: boolean;
  /** Create `admin`, after the reset; a string is the app's name (`TestApp.createApp`'s default otherwise). */
  admin?: boolean | string;
}

/**
 * Registers the hooks that start the API with `env` (as `TestApp.start`) for the tests of the enclosing
 * describe block and close it after them, its tables emptied (a function `env` is called when the app starts, so it may use
 * what earlier `beforeAll` hooks of the block set up, such as a proxy's port); with `options`, resets the tables and creates `admin` before each
 * test. `t` and `admin` stay the same objects and reach the current app and credentials, so a block writes
 * `const { t, admin } = useTestApp();` and uses them as it would variables its own hooks assign. Hooks the
 * block registers after this call run after these before a test, and before the app is closed.
 */
export function useTestApp(env: TestAppEnv = {}, options: UseTestAppOptions = {}): TestAppContext {
  let app: TestApp | undefined;
  let admin: (Credentials & { id: number }) | undefined;
  beforeAll(async () => {
    const logging = options.logDestination ? { logDestination: options.logDestination } : {};
    app = await TestApp.start(typeof env === 'function' ? await env() : env, logging);
  });
  afterAll(async () => {
    // Leave the tables empty: the next suite's app must not find this suite's rows when it starts (at start-up the
    // app reads some, e.g. callbacks whose URL holds credentials, and logs about them).
    await app?.reset();
    await app?.close();
    app = undefined;
  });
  if (options.resetEach || options.admin) {
    beforeEach(async () => {
      if (options.resetEach) await app!.reset();
      if (options.admin) admin = await app!.createApp(APP_PERMISSIONS, typeof options.admin === 'string' ? options.admin : undefined);
    });
  }
  return {
    t: standIn(() => app, 'useTestApp: `t` is used outside the hooks and tests of its describe block'),
    admin: standIn(() => admin, 'useTestApp: `admin` is used without the `admin` option, or outside a test'),
  };
}
