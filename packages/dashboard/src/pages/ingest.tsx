import { useT } from '../i18n';
import { Page } from '../ui';

export function IngestPage() {
  const t = useT();
  return <Page title={t('nav.ingest')} />;
}
