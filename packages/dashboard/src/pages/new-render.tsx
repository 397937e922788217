import { useT } from '../i18n';
import { Page } from '../ui';

export function NewRenderPage() {
  const t = useT();
  return <Page title={t('nav.newRender')} />;
}
