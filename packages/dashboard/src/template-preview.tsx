/**
 * What a template looks like: the poster of its newest finished render when
 * there is one, otherwise a drawing of its layout (labelled as such).
 */
import { useEffect, useState } from 'preact/hooks';
import { client } from './api';
import { useT } from './i18n';

/** The newest completed poster of each template (null when it has none yet). */
export function useTemplatePosters(ids: string[]): Record<string, string | null> {
  const [posters, set] = useState<Record<string, string | null>>({});
  const key = ids.join(',');
  useEffect(() => {
    let live = true;
    for (const id of ids) {
      client.renders.list({ template: id, status: 'completed', limit: 1 }).then(
        (page) => live && set((p) => ({ ...p, [id]: page.jobs[0]?.posterUrl ?? null })),
        () => live && set((p) => ({ ...p, [id]: null })),
      );
    }
    return () => {
      live = false;
    };
  }, [key]);
  return posters;
}

/** A schematic drawing of a template's layout (decorative: the card's text names the template). */
export function LayoutSketch({ id }: { id: string }) {
  const common = (
    <>
      <rect width="160" height="90" rx="6" fill="#0f2742" />
      <rect x="10" y="10" width="70" height="8" rx="2" fill="#e2e8f0" />
      <rect x="10" y="22" width="40" height="5" rx="2" fill="#94a3b8" />
    </>
  );
  let body;
  switch (id) {
    case 'pollution-alert':
      body = (
        <>
          <rect width="160" height="90" rx="6" fill="#3b0d0c" />
          <rect x="0" y="0" width="160" height="18" rx="6" fill="#d93025" />
          <path d="M80 30 L100 66 H60 Z" fill="#fbbc04" />
          <rect x="78" y="42" width="4" height="12" fill="#3b0d0c" />
          <rect x="78" y="57" width="4" height="4" fill="#3b0d0c" />
          <rect x="40" y="72" width="80" height="6" rx="2" fill="#f1f5f9" />
        </>
      );
      break;
    case 'social-clip':
      body = (
        <>
          <rect width="160" height="90" rx="6" fill="#1e1b4b" />
          <rect x="55" y="6" width="50" height="78" rx="6" fill="#312e81" />
          <circle cx="80" cy="36" r="14" fill="#f59e0b" />
          <rect x="62" y="58" width="36" height="5" rx="2" fill="#e0e7ff" />
          <rect x="66" y="67" width="28" height="4" rx="2" fill="#a5b4fc" />
        </>
      );
      break;
    case 'weather-brief':
      body = (
        <>
          {common}
          <circle cx="120" cy="40" r="14" fill="#fbbf24" />
          <rect x="10" y="40" width="8" height="36" rx="4" fill="#e2e8f0" />
          <rect x="12" y="56" width="4" height="18" rx="2" fill="#ef4444" />
          <rect x="28" y="50" width="50" height="6" rx="2" fill="#93c5fd" />
          <rect x="28" y="62" width="36" height="6" rx="2" fill="#93c5fd" />
        </>
      );
      break;
    case 'trend':
      body = (
        <>
          {common}
          <rect x="10" y="36" width="140" height="12" fill="#14532d" opacity="0.6" />
          <rect x="10" y="48" width="140" height="12" fill="#854d0e" opacity="0.6" />
          <rect x="10" y="60" width="140" height="18" fill="#7f1d1d" opacity="0.6" />
          <polyline points="10,70 35,62 60,66 85,50 110,44 135,52 150,40" fill="none" stroke="#f8fafc" stroke-width="2.5" />
        </>
      );
      break;
    default:
      body = (
        <>
          {common}
          <circle cx="38" cy="58" r="18" fill="#f59e0b" />
          <rect x="66" y="42" width="80" height="6" rx="2" fill="#cbd5e1" />
          <rect x="66" y="54" width="64" height="6" rx="2" fill="#cbd5e1" />
          <rect x="66" y="66" width="72" height="6" rx="2" fill="#cbd5e1" />
        </>
      );
  }
  return (
    <svg class="sketch" viewBox="0 0 160 90" aria-hidden="true" focusable="false">
      {body}
    </svg>
  );
}

export function TemplatePreview({ id, poster }: { id: string; poster: string | null | undefined }) {
  const t = useT();
  return (
    <div class="tpl-preview">
      {poster ? <img src={poster} alt="" loading="lazy" /> : <LayoutSketch id={id} />}
      <span class="tpl-preview-tag">{poster ? t('new.latestRender') : t('new.layoutSketch')}</span>
    </div>
  );
}
