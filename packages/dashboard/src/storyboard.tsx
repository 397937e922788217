/**
 * A render's storyboard under its player: a scrub strip of thumbnails, one per
 * second of video, cut out of the storyboard sprite by the cues of its WebVTT
 * thumbnails track. Choosing one plays the video from there; the one being
 * played is highlighted as the video runs.
 */
import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useT } from './i18n';

export interface StoryboardCue {
  start: number;
  end: number;
  spriteUrl: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Height of a thumbnail in the strip, in CSS pixels (the sprite is scaled to it). */
const STRIP_HEIGHT = 54;

const seconds = (t: string) => t.split(':').reduce((acc, p) => acc * 60 + Number(p), 0);

/** The cues of a WebVTT thumbnails track (`url#xywh=x,y,w,h`), sprite URLs resolved against the track's URL. */
export function parseThumbnailTrack(text: string, vttUrl: string): StoryboardCue[] {
  const cues: StoryboardCue[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((line, i) => {
    const timing = /^(\S+)\s+-->\s+(\S+)/.exec(line);
    const frag = /^(.*)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(lines[i + 1]?.trim() ?? '');
    if (!timing?.[1] || !timing[2] || !frag?.[1]) return;
    cues.push({ start: seconds(timing[1]), end: seconds(timing[2]), spriteUrl: new URL(frag[1], new URL(vttUrl, location.href)).href, x: Number(frag[2]), y: Number(frag[3]), width: Number(frag[4]), height: Number(frag[5]) });
  });
  return cues;
}

const clock = (sec: number) => `${Math.floor(sec / 60)}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;

/** The cues of the track at `vttUrl` (empty while loading or when it cannot be read). */
function useThumbnailTrack(vttUrl: string): StoryboardCue[] {
  const [cues, set] = useState<StoryboardCue[]>([]);
  useEffect(() => {
    let live = true;
    set([]);
    fetch(vttUrl)
      .then((r) => (r.ok ? r.text() : ''))
      .then((text) => live && set(parseThumbnailTrack(text, vttUrl)))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [vttUrl]);
  return cues;
}

/** Index of the cue playing in `video` (follows its time as it plays and seeks). */
function useActiveCue(video: RefObject<HTMLVideoElement>, cues: StoryboardCue[]): number {
  const [active, setActive] = useState(0);
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    const update = () => {
      const i = cues.findIndex((c) => v.currentTime >= c.start && v.currentTime < c.end);
      setActive(i === -1 ? cues.length - 1 : i);
    };
    v.addEventListener('timeupdate', update);
    v.addEventListener('seeked', update);
    return () => {
      v.removeEventListener('timeupdate', update);
      v.removeEventListener('seeked', update);
    };
  }, [video, cues]);
  return active;
}

export function StoryboardStrip({ vttUrl, video }: { vttUrl: string; video: RefObject<HTMLVideoElement> }) {
  const t = useT();
  const cues = useThumbnailTrack(vttUrl);
  const active = useActiveCue(video, cues);
  if (cues.length === 0) return null;
  // The whole sprite's size, from the cues: every thumbnail is a cell of it.
  const spriteWidth = Math.max(...cues.map((c) => c.x + c.width));
  const spriteHeight = Math.max(...cues.map((c) => c.y + c.height));
  const seek = (sec: number) => {
    const v = video.current;
    if (!v) return;
    v.currentTime = sec;
    void v.play().catch(() => {});
  };
  return (
    <nav class="storyboard" aria-label={t('detail.storyboard')}>
      <ol>
        {cues.map((c, i) => {
          const scale = STRIP_HEIGHT / c.height;
          return (
            <li key={c.start}>
              <button
                type="button"
                class="storyboard-thumb"
                aria-label={t('detail.playFrom', { time: clock(c.start) })}
                aria-current={i === active ? 'true' : undefined}
                onClick={() => seek(c.start)}
                style={{
                  width: `${Math.round(c.width * scale)}px`,
                  height: `${STRIP_HEIGHT}px`,
                  backgroundImage: `url("${c.spriteUrl}")`,
                  backgroundSize: `${Math.round(spriteWidth * scale)}px ${Math.round(spriteHeight * scale)}px`,
                  backgroundPosition: `${-Math.round(c.x * scale)}px ${-Math.round(c.y * scale)}px`,
                }}
              >
                <span class="storyboard-time" aria-hidden="true">
                  {clock(c.start)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
