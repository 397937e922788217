/**
 * Webhooks: register a receiver (URL, the events it wants, an optional
 * secret), see the generated secret once, list, delete, send a test, and read
 * each webhook's delivery log (status, HTTP code, latency, attempts, next
 * attempt, every attempt). The service has no redeliver operation: a failed
 * delivery is retried by the service on its own schedule, and "Send test"
 * checks a receiver on demand.
 */
import { useState } from 'preact/hooks';
import type { Webhook, WebhookInput } from '@aqcast/client';
import { client, useQuery } from '../api';
import { formatDate, formatDuration, localized, useLang, useT } from '../i18n';
import { Link } from '../router';
import { hasScope } from '../session';
import { Button, Empty, ErrorBanner, Field, fieldErrors, Loading, notify, Page, StatusBadge, DataTable, TableWrap } from '../ui';
import { DeleteDialog, SecretOnce, useAction, usePoll } from './contexts';

const ALL = '*';

export function WebhooksPage() {
  const t = useT();
  const list = useQuery((c) => c.webhooks.list(), []);
  const canWrite = hasScope('webhooks:write');
  const [registering, setRegistering] = useState(false);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [logTick, setLogTick] = useState(0);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const action = useAction();
  const hooks = list.data?.webhooks ?? [];
  const shown = hooks.find((w) => w.id === selected) ?? null;

  const test = async (w: Webhook) => {
    const r = await action.run(`test:${w.id}`, () => client.webhooks.test(w.id));
    if (!r) return;
    const d = r.delivery;
    const last = d.attemptLog?.[d.attemptLog.length - 1];
    if (d.status === 'succeeded') notify(t('webhooks.test.ok', { code: d.lastStatusCode ?? '—', ms: last ? last.durationMs : '—' }), 'success');
    else notify(t('webhooks.test.failed', { reason: d.lastError ?? (d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : d.status) }), 'error');
    setSelected(w.id);
    setLogTick((n) => n + 1);
  };

  return (
    <Page
      title={t('nav.webhooks')}
      actions={
        canWrite && !registering ? (
          <Button kind="primary" onClick={() => setRegistering(true)} aria-expanded={registering}>
            {t('webhooks.register')}
          </Button>
        ) : null
      }
    >
      {secret ? (
        <SecretOnce
          label={t('webhooks.secret.title')}
          secret={secret.secret}
          note={t('webhooks.secret.note', { url: secret.url })}
          onDone={() => setSecret(null)}
        />
      ) : null}
      {registering ? (
        <RegisterForm
          onCancel={() => setRegistering(false)}
          onRegistered={(hook, generated) => {
            setRegistering(false);
            list.reload();
            if (generated) setSecret({ url: hook.url, secret: generated });
            else notify(t('webhooks.registeredOwnSecret'), 'success');
          }}
        />
      ) : null}

      <ErrorBanner error={list.error ?? action.error} />
      {!list.data && list.loading ? <Loading /> : null}
      {list.data && hooks.length === 0 ? <Empty>{t('webhooks.none')}</Empty> : null}
      {hooks.length ? (
        <section class="card" aria-labelledby="wh-list">
          <h2 id="wh-list">{t('webhooks.list')}</h2>
          <DataTable label={t('webhooks.list')} columns={[t('webhooks.col.url'), t('webhooks.col.events'), t('shared.status'), t('shared.created'), t('shared.actions')]}>
            {hooks.map((w) => (
              <WebhookRow
                key={w.id}
                w={w}
                canWrite={canWrite}
                busy={action.busy}
                logShown={selected === w.id}
                onLog={() => setSelected(selected === w.id ? null : w.id)}
                onTest={() => void test(w)}
                onDelete={() => setDeleting(w)}
              />
            ))}
          </DataTable>
        </section>
      ) : null}
      {shown ? <DeliveryLog hook={shown} tick={logTick} onClose={() => setSelected(null)} /> : null}
      <DeleteWebhookDialog
        hook={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => {
          if (selected === id) setSelected(null);
          setDeleting(null);
          list.reload();
        }}
      />
    </Page>
  );
}

function WebhookRow({ w, canWrite, busy, logShown, onLog, onTest, onDelete }: { w: Webhook; canWrite: boolean; busy: string | null; logShown: boolean; onLog: () => void; onTest: () => void; onDelete: () => void }) {
  const t = useT();
  const lang = useLang();
  return (
    <tr>
      <td style={{ overflowWrap: 'anywhere', minWidth: '14rem' }}>
        <code>{w.url}</code>
      </td>
      <td>{w.events.map((e) => (e === ALL ? t('webhooks.events.all') : e)).join(', ')}</td>
      <td>
        {w.active ? (
          <span class="badge badge-completed">{t('webhooks.active')}</span>
        ) : (
          <>
            <span class="badge badge-failed">{t('webhooks.disabled')}</span>
            {w.disabledReason ? <div class="muted">{w.disabledReason}</div> : null}
          </>
        )}
      </td>
      <td>{formatDate(w.createdAt, lang)}</td>
      <td>
        <div class="row">
          <Button class="btn-small" aria-expanded={logShown} aria-controls="wh-log" onClick={onLog} aria-label={t('webhooks.log.for', { url: w.url })}>
            {t('webhooks.log.button')}
          </Button>
          {canWrite ? (
            <>
              <Button class="btn-small" busy={busy === `test:${w.id}`} disabled={!w.active || busy !== null} onClick={onTest} aria-label={t('webhooks.test.for', { url: w.url })}>
                {t('webhooks.test')}
              </Button>
              <Button class="btn-small" kind="danger" onClick={onDelete} aria-label={t('webhooks.delete.for', { url: w.url })}>
                {t('shared.delete')}
              </Button>
            </>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

function RegisterForm({ onCancel, onRegistered }: { onCancel: () => void; onRegistered: (w: Webhook, secret?: string) => void }) {
  const t = useT();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['render.completed', 'render.failed']);
  const [secret, setSecret] = useState('');
  // Every type the service's modules declare, in their order (GET /webhooks/events).
  const offered = useQuery((c) => c.webhooks.events(), []);
  const eventTypes = offered.data?.events ?? [];
  const lang = useLang();
  const action = useAction();
  const fe = fieldErrors(action.error);
  const all = events.includes(ALL);
  const toggle = (e: string, on: boolean) => setEvents(on ? [...events.filter((x) => x !== e), e] : events.filter((x) => x !== e));
  return (
    <section class="card" aria-labelledby="wh-register">
      <h2 id="wh-register">{t('webhooks.register')}</h2>
      <form
        class="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          const body: WebhookInput = { url: url.trim(), events: all ? [ALL] : eventTypes.map((x) => x.type).filter((x) => events.includes(x)) };
          if (secret) body.secret = secret;
          const r = await action.run('register', () => client.webhooks.create(body));
          if (r) onRegistered(r.webhook, r.secret);
        }}
      >
        <ErrorBanner error={action.error} />
        <Field label={t('webhooks.field.url')} hint={t('webhooks.field.urlHint')} error={fe.url}>
          <input type="url" required maxLength={2000} placeholder="https://example.org/hooks/aqcast" value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
        </Field>
        <fieldset aria-describedby={fe.events ? 'wh-events-err' : undefined}>
          <legend>{t('webhooks.field.events')}</legend>
          <label class="check" style={{ marginBottom: '0.5rem' }}>
            <input type="checkbox" style={{ flex: 'none' }} checked={all} onChange={(e) => toggle(ALL, e.currentTarget.checked)} />
            {t('webhooks.events.allLong')}
          </label>
          <div class="form-grid" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))' }}>
            {eventTypes.map(({ type: ev, description }) => (
              <label key={ev} class="check" style={{ alignItems: 'flex-start' }}>
                <input type="checkbox" disabled={all} checked={all || events.includes(ev)} onChange={(e) => toggle(ev, e.currentTarget.checked)} style={{ marginTop: '0.3rem', flex: 'none' }} />
                <span>
                  <code>{ev}</code>
                  <br />
                  <small class="muted">{localized(lang, `webhooks.event.${ev}`, description)}</small>
                </span>
              </label>
            ))}
          </div>
          {fe.events ? (
            <small id="wh-events-err" class="error">
              {fe.events}
            </small>
          ) : null}
        </fieldset>
        <Field label={t('webhooks.field.secret')} hint={t('webhooks.field.secretHint')} error={fe.secret}>
          <input type="text" autocomplete="off" spellcheck={false} minLength={8} maxLength={300} value={secret} onInput={(e) => setSecret(e.currentTarget.value)} />
        </Field>
        <div class="row">
          <Button kind="primary" type="submit" busy={action.busy === 'register'} disabled={!all && events.length === 0}>
            {t('webhooks.register')}
          </Button>
          <Button kind="ghost" onClick={onCancel}>
            {t('shared.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function DeliveryLog({ hook, tick, onClose }: { hook: Webhook; tick: number; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const log = useQuery((c) => c.webhooks.deliveries(hook.id), [hook.id, tick]);
  const deliveries = log.data?.deliveries ?? [];
  usePoll(log.reload, 2500, deliveries.some((d) => d.status === 'pending'));
  return (
    <section class="card" id="wh-log" aria-labelledby="wh-log-h">
      <div class="page-head" style={{ marginBottom: '0.5rem' }}>
        <h2 id="wh-log-h" style={{ margin: 0 }}>
          {t('webhooks.log.title')}
        </h2>
        <div class="toolbar">
          <Button class="btn-small" busy={log.loading} onClick={log.reload}>
            {t('shared.refresh')}
          </Button>
          <Button class="btn-small" kind="ghost" onClick={onClose}>
            {t('shared.hide')}
          </Button>
        </div>
      </div>
      <p class="muted" style={{ overflowWrap: 'anywhere' }}>
        <code>{hook.url}</code>
      </p>
      <p class="muted">{t('webhooks.log.noRedeliver')}</p>
      <ErrorBanner error={log.error} />
      {log.data && deliveries.length === 0 ? <p class="muted">{t('webhooks.log.none')}</p> : null}
      {deliveries.length ? (
        <TableWrap label={t('webhooks.log.title')}>
          <table class="data">
            <thead>
              <tr>
                <th scope="col">{t('webhooks.col.event')}</th>
                <th scope="col">{t('shared.status')}</th>
                <th scope="col" class="num">
                  {t('webhooks.col.http')}
                </th>
                <th scope="col" class="num">
                  {t('webhooks.col.latency')}
                </th>
                <th scope="col" class="num">
                  {t('webhooks.col.attempts')}
                </th>
                <th scope="col">{t('webhooks.col.next')}</th>
                <th scope="col">{t('shared.created')}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => {
                const last = d.attemptLog?.[d.attemptLog.length - 1];
                return (
                  <tr key={d.id}>
                    <td>
                      <code>{d.eventType}</code>
                      <div class="muted" style={{ fontSize: '0.8rem' }}>
                        {d.eventId}
                      </div>
                      {d.attemptLog?.length ? (
                        <details>
                          <summary>{t('webhooks.log.attempts', { n: d.attemptLog.length })}</summary>
                          <ol style={{ margin: '0.3rem 0 0', paddingLeft: '1.2rem' }}>
                            {d.attemptLog.map((a, i) => (
                              <li key={i}>
                                {formatDate(a.attemptedAt, lang)} · {a.statusCode !== null ? `HTTP ${a.statusCode}` : a.error ?? '—'} · {formatDuration(a.durationMs, lang)}
                                {a.nextRetryAt ? ` · ${t('webhooks.log.retryAt', { at: formatDate(a.nextRetryAt, lang) })}` : ''}
                              </li>
                            ))}
                          </ol>
                        </details>
                      ) : null}
                    </td>
                    <td>
                      <StatusBadge status={d.status} />
                      {d.lastError ? <div class="error" style={{ fontSize: '0.8rem' }}>{d.lastError}</div> : null}
                    </td>
                    <td class="num">{d.lastStatusCode ?? '—'}</td>
                    <td class="num">{last ? formatDuration(last.durationMs, lang) : '—'}</td>
                    <td class="num">{d.attempts}</td>
                    <td>{d.status === 'pending' ? formatDate(d.nextAttemptAt, lang) : '—'}</td>
                    <td>{formatDate(d.createdAt, lang)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
    </section>
  );
}

function DeleteWebhookDialog({ hook, onClose, onDeleted }: { hook: Webhook | null; onClose: () => void; onDeleted: (id: string) => void }) {
  const t = useT();
  return (
    <DeleteDialog
      open={hook !== null}
      title={t('webhooks.delete.title')}
      confirm={t('shared.delete')}
      remove={hook ? () => client.webhooks.delete(hook.id) : null}
      onDeleted={() => {
        notify(t('webhooks.deleted'), 'success');
        if (hook) onDeleted(hook.id);
      }}
      onClose={onClose}
    >
      <p style={{ overflowWrap: 'anywhere' }}>{t('webhooks.delete.body', { url: hook?.url ?? '' })}</p>
    </DeleteDialog>
  );
}

/** How many webhooks receive workflow runs' announcements (for the workflow form). */
export function WorkflowWebhooksNote() {
  const t = useT();
  const list = useQuery(hasScope('webhooks:read') ? (c) => c.webhooks.list() : null, []);
  if (!list.data) return null;
  const n = list.data.webhooks.filter((w) => w.active && w.events.some((e) => e === ALL || e.startsWith('workflow.run.'))).length;
  return (
    <p class="muted">
      {n === 0 ? t('webhooks.forWorkflows.none') : t('webhooks.forWorkflows.some', { n })} <Link to="/webhooks">{t('webhooks.forWorkflows.link')}</Link>
    </p>
  );
}
