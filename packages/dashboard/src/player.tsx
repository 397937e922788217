/** The video player: the native one (keyboard-operable, seeks through HTTP Range), with captions when the job names a captions file. */
import type { RefObject } from 'preact';
import { useT } from './i18n';

export function Player({ videoUrl, posterUrl, captionsUrl, title, language, autoPlay, videoRef }: { videoUrl: string; posterUrl: string | null; captionsUrl?: string | null; title: string; language?: string; autoPlay?: boolean; videoRef?: RefObject<HTMLVideoElement> }) {
  const t = useT();
  return (
    <video ref={videoRef} class="player" controls preload="metadata" poster={posterUrl ?? undefined} src={videoUrl} aria-label={t('player.label', { title })} autoPlay={autoPlay} playsInline>
      {captionsUrl ? <track kind="captions" src={captionsUrl} srcLang={language ?? 'es'} label={t('player.captions')} default /> : null}
    </video>
  );
}
