/**
 * The app shell: sign-in gate, header (navigation, language, sign-out) and
 * the route table.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useT } from './i18n';
import { Link, match, useLocation } from './router';
import { hasScope, signOut, useSessionState } from './session';
import { Button, LanguageSelect, Loading, Page, Toasts, notify } from './ui';
import { SignInPage } from './pages/signin';
import { OverviewPage } from './pages/overview';
import { RendersPage } from './pages/renders';
import { RenderDetailPage } from './pages/render-detail';
import { NewRenderPage } from './pages/new-render';
import { IngestPage } from './pages/ingest';
import { ContextDetailPage, ContextsPage } from './pages/contexts';
import { WebhooksPage } from './pages/webhooks';
import { WorkflowDetailPage, WorkflowsPage } from './pages/workflows';
import { VariantDetailPage, VariantsPage } from './pages/variants';
import { QueuePage } from './pages/queue';
import { KeysPage } from './pages/keys';
import { BrandsPage } from './pages/brands';

interface NavItem {
  to: string;
  label: string;
  /** The scope the page needs to be useful; hidden without it. */
  scope?: string;
}

const NAV: NavItem[] = [
  { to: '/', label: 'nav.overview', scope: 'analytics:read' },
  { to: '/renders', label: 'nav.renders', scope: 'renders:read' },
  { to: '/new', label: 'nav.newRender', scope: 'renders:write' },
  { to: '/ingest', label: 'nav.ingest', scope: 'ingest:write' },
  { to: '/contexts', label: 'nav.contexts', scope: 'contexts:read' },
  { to: '/webhooks', label: 'nav.webhooks', scope: 'webhooks:read' },
  { to: '/workflows', label: 'nav.workflows', scope: 'workflows:read' },
  { to: '/variants', label: 'nav.variants', scope: 'variants:read' },
  { to: '/brands', label: 'nav.brands', scope: 'brands:read' },
  { to: '/queue', label: 'nav.queue', scope: 'queue:read' },
  { to: '/keys', label: 'nav.keys', scope: 'admin' },
];

type Route = [pattern: string, render: (p: Record<string, string>) => ComponentChildren];
const ROUTES: Route[] = [
  ['/', () => <OverviewPage />],
  ['/renders', () => <RendersPage />],
  ['/renders/:id', (p) => <RenderDetailPage id={p.id!} />],
  ['/new', () => <NewRenderPage />],
  ['/ingest', () => <IngestPage />],
  ['/contexts', () => <ContextsPage />],
  ['/contexts/:id', (p) => <ContextDetailPage id={p.id!} />],
  ['/webhooks', () => <WebhooksPage />],
  ['/workflows', () => <WorkflowsPage />],
  ['/workflows/:id', (p) => <WorkflowDetailPage id={p.id!} />],
  ['/variants', () => <VariantsPage />],
  ['/variants/:id', (p) => <VariantDetailPage id={p.id!} />],
  ['/brands', () => <BrandsPage />],
  ['/queue', () => <QueuePage />],
  ['/keys', () => <KeysPage />],
];

function isActive(to: string, path: string): boolean {
  return to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`);
}

function LanguagePicker() {
  return <LanguageSelect class="lang-picker" labelClass="sr-only" />;
}

function Header({ name, path }: { name: string; path: string }) {
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setMenuOpen(false), [path]);
  const items = NAV.filter((n) => !n.scope || hasScope(n.scope));
  return (
    <header class="topbar">
      <div class="topbar-inner">
        <Link to="/" class="brand">
          <span class="brand-mark" aria-hidden="true">
            aq
          </span>
          <span>aqcast</span>
        </Link>
        <button type="button" class="btn btn-ghost menu-toggle" aria-expanded={menuOpen} aria-controls="main-nav" onClick={() => setMenuOpen(!menuOpen)}>
          {t('nav.menu')}
        </button>
        <nav id="main-nav" class={menuOpen ? 'mainnav open' : 'mainnav'} aria-label={t('nav.main')}>
          <ul>
            {items.map((n) => (
              <li key={n.to}>
                <Link to={n.to} aria-current={isActive(n.to, path) ? 'page' : undefined}>
                  {t(n.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div class="topbar-end">
          <LanguagePicker />
          <span class="who" title={t('nav.signedInAs', { name })}>
            {name}
          </span>
          <Button
            kind="ghost"
            class="signout"
            title={t('nav.signedInAs', { name })}
            busy={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await signOut();
              } catch {
                notify(t('signin.signOutFailed'), 'error');
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('nav.signOut')}
          </Button>
        </div>
      </div>
    </header>
  );
}

function NotFound() {
  const t = useT();
  return (
    <Page title={t('notFound.title')}>
      <p>{t('notFound.body')}</p>
      <p>
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </Page>
  );
}

export function App() {
  const t = useT();
  const session = useSessionState();
  const loc = useLocation();
  if (session.status === 'loading') {
    return (
      <main id="main" class="center-screen">
        <Loading />
      </main>
    );
  }
  if (session.status === 'signed-out') return <SignInPage reason={session.reason} />;
  let content: ComponentChildren = null;
  for (const [pattern, render] of ROUTES) {
    const params = match(pattern, loc.path);
    if (params) {
      content = render(params);
      break;
    }
  }
  return (
    <>
      <a class="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <Header name={session.session.name} path={loc.path} />
      <main id="main" tabIndex={-1}>
        {/* A key per route remounts the page, so state never leaks between pages. */}
        <div key={loc.path}>{content ?? <NotFound />}</div>
      </main>
      <Toasts />
    </>
  );
}
