/** The contexts pages (D2 replaces this minimal version). */
import { useT } from '../i18n';
import { Page } from '../ui';

export function ContextsPage() {
  const t = useT();
  return <Page title={t('nav.contexts')} />;
}

export function ContextDetailPage({ id }: { id: string }) {
  const t = useT();
  return <Page title={`${t('nav.contexts')} · ${id}`} />;
}
