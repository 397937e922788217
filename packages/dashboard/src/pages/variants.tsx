/** The variants pages (D2 replaces this minimal version). */
import { useT } from '../i18n';
import { Page } from '../ui';

export function VariantsPage() {
  const t = useT();
  return <Page title={t('nav.variants')} />;
}

export function VariantDetailPage({ id }: { id: string }) {
  const t = useT();
  return <Page title={`${t('nav.variants')} · ${id}`} />;
}
