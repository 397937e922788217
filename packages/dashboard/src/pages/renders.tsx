import { useT } from '../i18n';
import { Page } from '../ui';

export function RendersPage() {
  const t = useT();
  return <Page title={t('nav.renders')} />;
}
