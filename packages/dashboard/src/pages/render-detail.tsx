import { useT } from '../i18n';
import { Page } from '../ui';

export function RenderDetailPage({ id }: { id: string }) {
  const t = useT();
  return <Page title={`${t('nav.renders')} · ${id}`} />;
}
