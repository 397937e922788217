/** The keys pages (D2 replaces this minimal version). */
import { useT } from '../i18n';
import { Page } from '../ui';

export function KeysPage() {
  const t = useT();
  return <Page title={t('nav.keys')} />;
}
