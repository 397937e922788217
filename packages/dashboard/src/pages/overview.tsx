import { useT } from '../i18n';
import { Page } from '../ui';

export function OverviewPage() {
  const t = useT();
  return <Page title={t('nav.overview')} />;
}
