import { useState } from 'preact/hooks';

import { Api, ApiError } from './api.js';

/**
 * The sign-in form: the app's username (`A<app id>`) and token, checked with `GET /auth/me`. The token goes into the
 * {@link Api} object only (memory); the form is cleared once it is read.
 */
export function SignIn({ onSignedIn }: { onSignedIn: (api: Api, name: string) => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const username = String(data.get('username') ?? '').trim();
    const token = String(data.get('token') ?? '');
    if (!/^a\d+$/i.test(username)) {
      setError('The username of an app is A followed by its id, e.g. A12 (the CLI printed it with the token).');
      return;
    }
    setBusy(true);
    setError(undefined);
    const api = new Api({ username, token });
    try {
      const me = await api.request<{ username?: string; name?: string }>('GET', '/auth/me');
      form.reset();
      onSignedIn(api, me.name ?? username);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" class="narrow">
      <h1>Callbacks console</h1>
      <p>Sign in with your app's credentials to see its callbacks and their deliveries.</p>
      <form onSubmit={submit} class="card" aria-describedby="sign-in-note">
        <label for="username">Username</label>
        <input id="username" name="username" autocomplete="username" placeholder="A12" required />
        <label for="token">Token</label>
        <input id="token" name="token" type="password" autocomplete="off" required />
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p id="sign-in-note" class="note">
        The token stays in this page's memory only: it is never stored, and reloading or closing the page signs you out.
      </p>
    </main>
  );
}
