/**
 * API keys (admin only): the list with scopes, expiry, rate limit and last
 * use; create a key (name, scopes from GET /keys/scopes, expiry, rate limit)
 * whose secret is shown once; revoke. A session without the admin scope gets
 * a clear refusal and no request is made.
 */
import { useState } from 'preact/hooks';
import type { ApiKey, KeyInput } from '@aqcast/client';
import { client, useQuery } from '../api';
import { formatDate, useLang, useT } from '../i18n';
import { hasScope, useSession } from '../session';
import { Button, Empty, ErrorBanner, Field, fieldErrors, Loading, notify, Page, DataTable, TableWrap } from '../ui';
import { DeleteDialog, SecretOnce, useAction } from './contexts';

export function KeysPage() {
  const t = useT();
  const session = useSession();
  if (!hasScope('admin')) {
    return (
      <Page title={t('nav.keys')}>
        <div class="banner banner-error" role="alert" data-testid="keys-refused">
          <strong>{t('keys.refused.title')}</strong>
          <p>{t('keys.refused.body')}</p>
          {session ? <p>{t('keys.refused.scopes', { name: session.name, scopes: session.scopes.join(', ') || '—' })}</p> : null}
        </div>
      </Page>
    );
  }
  return <KeysAdmin />;
}

function KeysAdmin() {
  const t = useT();
  const lang = useLang();
  const [includeRevoked, setIncludeRevoked] = useState(false);
  const list = useQuery((c) => c.keys.list({ includeRevoked }), [includeRevoked]);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ key: ApiKey; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = list.data?.keys ?? [];
  const now = Date.now();
  return (
    <Page
      title={t('nav.keys')}
      actions={
        !creating ? (
          <Button kind="primary" onClick={() => setCreating(true)} aria-expanded={creating}>
            {t('keys.new')}
          </Button>
        ) : null
      }
    >
      <p class="muted">{t('keys.intro')}</p>
      {created ? <SecretOnce label={t('keys.secret.title', { name: created.key.name })} secret={created.secret} note={t('keys.secret.note')} onDone={() => setCreated(null)} /> : null}
      {creating ? (
        <CreateKeyForm
          onCancel={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setCreated(c);
            list.reload();
          }}
        />
      ) : null}
      <section class="card" aria-labelledby="keys-list">
        <div class="page-head" style={{ marginBottom: '0.5rem' }}>
          <h2 id="keys-list" style={{ margin: 0 }}>
            {t('keys.list')}
          </h2>
          <label class="check">
            <input type="checkbox" style={{ flex: 'none' }} checked={includeRevoked} onChange={(e) => setIncludeRevoked(e.currentTarget.checked)} />
            {t('keys.showRevoked')}
          </label>
        </div>
        <ErrorBanner error={list.error} />
        {!list.data && list.loading ? <Loading /> : null}
        {list.data && keys.length === 0 ? <Empty>{t('keys.none')}</Empty> : null}
        {keys.length ? (
          <DataTable label={t('keys.list')} columns={[t('keys.col.name'), t('keys.col.scopes'), t('keys.col.expires'), t('keys.col.rateLimit'), t('keys.col.lastUsed'), t('shared.status'), t('shared.actions')]}>
            {keys.map((k) => {
              const expired = k.expiresAt !== null && Date.parse(k.expiresAt) <= now;
              return (
                <tr key={k.id}>
                  <td>
                    {k.name}
                    <div class="muted">
                      <code>{k.prefix}</code> · {t('keys.createdAt', { at: formatDate(k.createdAt, lang) })}
                    </div>
                  </td>
                  <td>{k.scopes.join(', ')}</td>
                  <td>{k.expiresAt ? formatDate(k.expiresAt, lang) : t('keys.never')}</td>
                  <td>{k.rateLimitPerMinute ? t('keys.perMinute', { n: k.rateLimitPerMinute }) : t('keys.unlimited')}</td>
                  <td>{k.lastUsedAt ? formatDate(k.lastUsedAt, lang) : t('keys.neverUsed')}</td>
                  <td>
                    {k.revokedAt ? (
                      <span class="badge badge-cancelled">{t('keys.revoked')}</span>
                    ) : expired ? (
                      <span class="badge badge-failed">{t('keys.expired')}</span>
                    ) : (
                      <span class="badge badge-completed">{t('keys.active')}</span>
                    )}
                  </td>
                  <td>
                    {!k.revokedAt ? (
                      <Button class="btn-small" kind="danger" onClick={() => setRevoking(k)} aria-label={t('keys.revoke.for', { name: k.name })}>
                        {t('keys.revoke')}
                      </Button>
                    ) : (
                      <span class="muted">{formatDate(k.revokedAt, lang)}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        ) : null}
      </section>
      <RevokeDialog
        apiKey={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={() => {
          setRevoking(null);
          list.reload();
        }}
      />
    </Page>
  );
}

/** `datetime-local` text (the browser's time zone) as an ISO instant. */
function localToIso(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

function CreateKeyForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (c: { key: ApiKey; secret: string }) => void }) {
  const t = useT();
  const scopes = useQuery((c) => c.keys.scopes(), []);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [expires, setExpires] = useState('');
  const [rate, setRate] = useState('');
  const action = useAction();
  const fe = fieldErrors(action.error);
  // `any` is how routes open to every signed-in key are marked; the service lists it, but it grants nothing.
  const all = (scopes.data?.scopes ?? []).filter((s) => s !== 'any');
  // Group `<module>:read` / `<module>:write` by module; `admin` (and anything else) on its own.
  const modules = [...new Set(all.filter((s) => /^[a-z-]+:(read|write)$/.test(s)).map((s) => s.split(':')[0]!))];
  const others = all.filter((s) => !/^[a-z-]+:(read|write)$/.test(s));
  const toggle = (s: string, on: boolean) => setChosen(on ? [...chosen.filter((x) => x !== s), s] : chosen.filter((x) => x !== s));
  return (
    <section class="card" aria-labelledby="keys-new">
      <h2 id="keys-new">{t('keys.new')}</h2>
      <form
        class="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          const body: KeyInput = { name: name.trim(), scopes: all.filter((s) => chosen.includes(s)) };
          const at = localToIso(expires);
          if (at) body.expiresAt = at;
          if (rate.trim()) body.rateLimitPerMinute = Number(rate);
          const r = await action.run('create', () => client.keys.create(body));
          if (r) {
            notify(t('keys.created', { name: r.key.name }), 'success');
            onCreated(r);
          }
        }}
      >
        <ErrorBanner error={action.error ?? scopes.error} />
        <div class="form-grid">
          <Field label={t('keys.field.name')} hint={t('keys.name.hint')} error={fe.name}>
            <input required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
          </Field>
          <Field label={t('keys.field.expires')} hint={t('keys.expires.hint')} error={fe.expiresAt}>
            <input type="datetime-local" value={expires} onInput={(e) => setExpires(e.currentTarget.value)} />
          </Field>
          <Field label={t('keys.field.rateLimit')} hint={t('keys.rateLimit.hint')} error={fe.rateLimitPerMinute}>
            <input type="number" min={1} max={1000000} step={1} value={rate} onInput={(e) => setRate(e.currentTarget.value)} />
          </Field>
        </div>
        <fieldset>
          <legend>{t('keys.field.scopes')}</legend>
          {fe.scopes ? <p class="error">{fe.scopes}</p> : null}
          {!scopes.data && scopes.loading ? <Loading /> : null}
          {modules.length ? (
            <TableWrap label={t('keys.field.scopes')}>
              <table class="data" style={{ width: 'auto', minWidth: 'min(100%, 28rem)' }}>
                <thead>
                  <tr>
                    <th scope="col">{t('keys.scope.module')}</th>
                    <th scope="col">{t('keys.scope.read')}</th>
                    <th scope="col">{t('keys.scope.write')}</th>
                  </tr>
                </thead>
                <tbody>
                  {modules.map((m) => (
                    <tr key={m}>
                      <th scope="row">{m}</th>
                      {(['read', 'write'] as const).map((level) => {
                        const scope = `${m}:${level}`;
                        return (
                          <td key={level}>
                            {all.includes(scope) ? (
                              <label class="check">
                                <input type="checkbox" style={{ flex: 'none' }} checked={chosen.includes(scope)} onChange={(e) => toggle(scope, e.currentTarget.checked)} />
                                <code>{scope}</code>
                              </label>
                            ) : null}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          ) : null}
          {others.map((s) => (
            <label key={s} class="check" style={{ marginTop: '0.6rem' }}>
              <input type="checkbox" style={{ flex: 'none' }} checked={chosen.includes(s)} onChange={(e) => toggle(s, e.currentTarget.checked)} />
              <code>{s}</code>
              {s === 'admin' ? <span class="muted">— {t('keys.scope.adminHint')}</span> : null}
            </label>
          ))}
        </fieldset>
        <div class="row">
          <Button kind="primary" type="submit" busy={action.busy === 'create'} disabled={chosen.length === 0}>
            {t('keys.create')}
          </Button>
          <Button kind="ghost" onClick={onCancel}>
            {t('shared.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function RevokeDialog({ apiKey, onClose, onRevoked }: { apiKey: ApiKey | null; onClose: () => void; onRevoked: () => void }) {
  const t = useT();
  return (
    <DeleteDialog
      open={apiKey !== null}
      title={t('keys.revoke.title')}
      confirm={t('keys.revoke')}
      remove={apiKey ? () => client.keys.revoke(apiKey.id) : null}
      onDeleted={() => {
        if (apiKey) notify(t('keys.revokedToast', { name: apiKey.name }), 'success');
        onRevoked();
      }}
      onClose={onClose}
    >
      <p>{t('keys.revoke.body', { name: apiKey?.name ?? '' })}</p>
    </DeleteDialog>
  );
}
