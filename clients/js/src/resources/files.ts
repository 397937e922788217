import { AqcastError } from '../errors.js';
import { requestOptions, Resource, type CallOptions } from './resource.js';

export interface FileInfo {
  bytes: number;
  contentType: string | null;
  etag: string | null;
}

/** One thumbnail of a storyboard: the span of video it stands for (seconds) and where it sits in the sprite. */
export interface StoryboardCue {
  start: number;
  end: number;
  /** The sprite holding it, as an absolute URL. */
  spriteUrl: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A storyboard's WebVTT thumbnails track, parsed. */
export interface Storyboard {
  /** The sprite of the first cue (every cue of an aqcast storyboard is in the same one). */
  spriteUrl: string;
  cues: StoryboardCue[];
}

function vttSeconds(t: string): number {
  const parts = t.split(':').map(Number);
  return parts.reduce((acc, n) => acc * 60 + n, 0);
}

/**
 * Parses a WebVTT thumbnails track (cues whose text is `url#xywh=x,y,w,h`); relative
 * sprite URLs are resolved against `vttUrl`. Cues without an `#xywh=` fragment are skipped.
 */
export function parseStoryboardVtt(text: string, vttUrl: string): Storyboard {
  const cues: StoryboardCue[] = [];
  const timing = /^((?:\d+:)?\d{2}:\d{2}\.\d{3})\s+-->\s+((?:\d+:)?\d{2}:\d{2}\.\d{3})/;
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = timing.exec(lines[i] ?? '');
    const target = lines[i + 1]?.trim() ?? '';
    const frag = /^(.*)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target);
    if (!m?.[1] || !m[2] || !frag?.[1]) continue;
    cues.push({
      start: vttSeconds(m[1]),
      end: vttSeconds(m[2]),
      spriteUrl: new URL(frag[1], vttUrl).href,
      x: Number(frag[2]),
      y: Number(frag[3]),
      width: Number(frag[4]),
      height: Number(frag[5]),
    });
  }
  return { spriteUrl: cues[0]?.spriteUrl ?? '', cues };
}

/** Finished videos, posters and storyboards, and the accessible package of AI renders: `GET`/`HEAD /files/:token/:name` (public URLs, no key needed). */
export class Files extends Resource {
  /** The bytes of a `videoUrl`, `posterUrl`, `storyboardUrl`, `storyboardVttUrl` `captionsUrl` or a URL of `accessibility` (optionally a byte range, inclusive). */
  async download(url: string, opts: CallOptions & { range?: { start: number; end: number } } = {}): Promise<ArrayBuffer> {
    const res = await this.http.raw('GET', this.pathOf(url), { ...requestOptions(opts), headers: opts.range ? { range: `bytes=${opts.range.start}-${opts.range.end}` } : {} });
    return res.arrayBuffer();
  }

  /**
   * The storyboard of a completed job: its WebVTT thumbnails track, downloaded and
   * parsed (one cue per second of video, sprite URLs absolute); null when the job has
   * none (not completed yet, or stored before storyboards existed).
   */
  async storyboard(job: { storyboardVttUrl?: string | null }, opts?: CallOptions): Promise<Storyboard | null> {
    if (!job.storyboardVttUrl) return null;
    const text = new TextDecoder().decode(await this.download(job.storyboardVttUrl, opts));
    return parseStoryboardVtt(text, new URL(job.storyboardVttUrl, `${this.http.baseUrl}/`).href);
  }

  /** Size, type and ETag of a file without downloading it. */
  async head(url: string, opts?: CallOptions): Promise<FileInfo> {
    const res = await this.http.raw('HEAD', this.pathOf(url), requestOptions(opts));
    return { bytes: Number(res.headers.get('content-length') ?? 0), contentType: res.headers.get('content-type'), etag: res.headers.get('etag') };
  }

  /** A file URL of this service, as a path (other origins are refused: the key stays here). */
  private pathOf(url: string): string {
    const u = new URL(url, `${this.http.baseUrl}/`);
    const base = new URL(`${this.http.baseUrl}/`);
    if (u.origin !== base.origin || !/\/files\/[A-Za-z0-9_-]+\/(video\.mp4|poster\.png|storyboard\.jpg|storyboard\.vtt|captions\.vtt|captions\.srt|transcript\.txt|audio\.m4a|description\.m4a)$/.test(u.pathname)) {
      throw new AqcastError({ status: 0, code: 'invalid_file_url', message: `${url} is not a file URL (video, poster, storyboard, captions, accessible package) of ${this.http.baseUrl}` });
    }
    return u.pathname.slice(base.pathname.length - 1);
  }
}
