/** The webhooks pages (D2 replaces this minimal version). */
import { useT } from '../i18n';
import { Page } from '../ui';

export function WebhooksPage() {
  const t = useT();
  return <Page title={t('nav.webhooks')} />;
}
