import { AqcastError } from '../errors.js';
import { requestOptions, Resource, type CallOptions } from './resource.js';

export interface FileInfo {
  bytes: number;
  contentType: string | null;
  etag: string | null;
}

/** Finished videos and posters, and the accessible package of AI renders: `GET`/`HEAD /files/:token/:name` (public URLs, no key needed). */
export class Files extends Resource {
  /** The bytes of a `videoUrl`, `posterUrl`, `captionsUrl` or a URL of `accessibility` (optionally a byte range, inclusive). */
  async download(url: string, opts: CallOptions & { range?: { start: number; end: number } } = {}): Promise<ArrayBuffer> {
    const res = await this.http.raw('GET', this.pathOf(url), { ...requestOptions(opts), headers: opts.range ? { range: `bytes=${opts.range.start}-${opts.range.end}` } : {} });
    return res.arrayBuffer();
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
    if (u.origin !== base.origin || !/\/files\/[A-Za-z0-9_-]+\/(video\.mp4|poster\.png|captions\.vtt|captions\.srt|transcript\.txt|audio\.m4a|description\.m4a)$/.test(u.pathname)) {
      throw new AqcastError({ status: 0, code: 'invalid_file_url', message: `${url} is not a video or poster URL of ${this.http.baseUrl}` });
    }
    return u.pathname.slice(base.pathname.length - 1);
  }
}
