/** The queue pages (D2 replaces this minimal version). */
import { useT } from '../i18n';
import { Page } from '../ui';

export function QueuePage() {
  const t = useT();
  return <Page title={t('nav.queue')} />;
}
