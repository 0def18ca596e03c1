import { beforeEach, expect } from 'vitest';

import { APP_PERMISSIONS } from '../../src/permissions/permission.js';
import { type CallbackReceiver, useCallbackReceiver } from './callback-receiver.js';
import type { Credentials } from './http-client.js';
import { NO_PERMISSIONS } from './permissions.js';
import { standIn } from './stand-in.js';
import type { TestApp } from './test-app.js';
import { type TestAppEnv, useTestApp } from './use-test-app.js';

/** The Standard Webhooks secret the delivery suites register. */
export const WHSEC = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** What the delivery suites set up in a test: apps, a team, and helpers that register callbacks and emit events. */
export type Scenario = Awaited<ReturnType<typeof scenario>>;

/**
 * Creates an admin app, two apps without permissions (`listener`, `other`) and a team `Red` on `t`.
 * `register` points an app's `account_team_update` callback at a path of `receiver` (secret {@link WHSEC} unless
 * given); `join` moves an existing account into Red; `emit` inserts a new account and moves it into Red (one event).
 */
export async function scenario(t: TestApp, receiver: CallbackReceiver) {
  const admin = await t.createApp(APP_PERMISSIONS, 'admin');
  const listener = await t.createApp(NO_PERMISSIONS, 'listener');
  const other = await t.createApp(NO_PERMISSIONS, 'other');
  const red: number = (await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } })).body.id;
  let emitted = 0;
  const join = async (accountId: string, api: TestApp = t) => {
    const response = await api.http.patch(`/account/${accountId}`, { auth: admin, body: { team: red } });
    expect(response.status).toBe(200);
    return response.body;
  };
  return {
    admin,
    listener,
    other,
    red,
    register: async (app: Credentials, path: string, secret = WHSEC) => {
      const response = await t.http.put('/callback/account_team_update', { auth: app, body: { url: receiver.url(path), secret } });
      expect(response.status).toBe(200);
    },
    join,
    /** @returns the account as the PATCH answered it (the event's `account`). */
    emit: async () => {
      emitted += 1;
      const id = String(90_000 + emitted);
      await t.insertAccount({ id, teamId: null });
      return join(id);
    },
  };
}

/** What `useDeliveryScenario` gives a describe block: stand-ins for the app, the receiver and the test's scenario. */
export interface DeliveryScenarioContext {
  readonly t: TestApp;
  readonly receiver: CallbackReceiver;
  /** The current test's {@link scenario}, made anew before each test. */
  readonly s: Scenario;
}

/**
 * Registers the hooks of a delivery suite: a {@link CallbackReceiver} and the API with `env` (as `useTestApp`) for
 * the block's tests, and before each test empty tables, a reset receiver and a fresh {@link scenario}.
 */
export function useDeliveryScenario(env: TestAppEnv): DeliveryScenarioContext {
  const receiver = useCallbackReceiver();
  const { t } = useTestApp(env, { resetEach: true });
  let current: Scenario | undefined;
  beforeEach(async () => {
    current = await scenario(t, receiver);
  });
  return { t, receiver, s: standIn(() => current, 'useDeliveryScenario: `s` is used outside a test') };
}
