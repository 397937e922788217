/** The video player: the native one (keyboard-operable, seeks through HTTP Range), with captions when the render has them. */
import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { captionsUrlOf, packageFileOf } from './model';
import { useT } from './i18n';

/** Whether the render has a captions file (only renders with narration or captions do). */
export function useCaptions(videoUrl: string | null): string | null {
  const [url, set] = useState<string | null>(null);
  useEffect(() => {
    set(null);
    if (!videoUrl) return;
    const c = captionsUrlOf(videoUrl);
    let live = true;
    fetch(c, { method: 'HEAD' })
      .then((r) => live && r.ok && set(c))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [videoUrl]);
  return url;
}

/** The files of the accessible package this render has (SRT, transcript, audio only, audio description), found with HEAD requests. */
export function usePackageFiles(videoUrl: string | null): { name: 'captions.srt' | 'transcript.txt' | 'audio.m4a' | 'description.m4a'; url: string }[] {
  const [found, set] = useState<{ name: 'captions.srt' | 'transcript.txt' | 'audio.m4a' | 'description.m4a'; url: string }[]>([]);
  useEffect(() => {
    set([]);
    if (!videoUrl) return;
    let live = true;
    const names = ['captions.srt', 'transcript.txt', 'audio.m4a', 'description.m4a'] as const;
    void Promise.all(names.map((name) => fetch(packageFileOf(videoUrl, name), { method: 'HEAD' }).then((r) => (r.ok ? { name, url: packageFileOf(videoUrl, name) } : null), () => null))).then(
      (all) => live && set(all.filter((x): x is { name: (typeof names)[number]; url: string } => x !== null)),
    );
    return () => {
      live = false;
    };
  }, [videoUrl]);
  return found;
}

export function Player({ videoUrl, posterUrl, title, language, autoPlay, videoRef }: { videoUrl: string; posterUrl: string | null; title: string; language?: string; autoPlay?: boolean; videoRef?: RefObject<HTMLVideoElement> }) {
  const t = useT();
  const captions = useCaptions(videoUrl);
  return (
    <video ref={videoRef} class="player" controls preload="metadata" poster={posterUrl ?? undefined} src={videoUrl} aria-label={t('player.label', { title })} autoPlay={autoPlay} playsInline>
      {captions ? <track kind="captions" src={captions} srcLang={language ?? 'es'} label={t('player.captions')} default /> : null}
    </video>
  );
}
