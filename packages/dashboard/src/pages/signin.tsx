/** Sign-in: an API key (or a scoped key) exchanged for a session cookie; the key is not kept. */
import { useState } from 'preact/hooks';
import { ApiError } from '../api';
import { useT } from '../i18n';
import { signIn } from '../session';
import { Button, ErrorBanner, Field, LanguageSelect } from '../ui';

export function SignInPage({ reason }: { reason?: 'expired' | 'signed-out' }) {
  const t = useT();
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  document.title = `${t('signin.title')} · aqcast`;
  return (
    <main id="main" class="signin">
      <div class="signin-card card">
        <div class="brand brand-large">
          <span class="brand-mark" aria-hidden="true">
            aq
          </span>
          <span>aqcast</span>
        </div>
        <h1>{t('signin.title')}</h1>
        <p class="muted">{t('signin.intro')}</p>
        {reason === 'expired' ? (
          <div class="banner banner-info" role="status">
            {t('signin.expired')}
          </div>
        ) : reason === 'signed-out' ? (
          <div class="banner banner-info" role="status">
            {t('signin.signedOut')}
          </div>
        ) : null}
        {error ? (
          error instanceof ApiError && error.status === 401 ? (
            <div class="banner banner-error" role="alert">
              <strong>{t('signin.wrongKey')}</strong>
            </div>
          ) : (
            <ErrorBanner error={error} />
          )
        ) : null}
        <form
          class="stack"
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            setError(null);
            try {
              await signIn(key.trim());
              setKey('');
            } catch (err) {
              setError(err);
              setBusy(false);
            }
          }}
        >
          <Field label={t('signin.key')} hint={t('signin.keyHint')}>
            <input
              id="api-key"
              type="password"
              name="apiKey"
              autoComplete="off"
              spellcheck={false}
              required
              value={key}
              onInput={(e) => setKey(e.currentTarget.value)}
            />
          </Field>
          <Button kind="primary" type="submit" busy={busy} disabled={!key.trim()}>
            {t('signin.submit')}
          </Button>
        </form>
        <LanguageSelect class="field signin-lang" />
      </div>
    </main>
  );
}
