/** The workflows pages (D2 replaces this minimal version). */
import { useT } from '../i18n';
import { Page } from '../ui';

export function WorkflowsPage() {
  const t = useT();
  return <Page title={t('nav.workflows')} />;
}

export function WorkflowDetailPage({ id }: { id: string }) {
  const t = useT();
  return <Page title={`${t('nav.workflows')} · ${id}`} />;
}
