import type { Brand, BrandInput, BrandList, BrandPatch, BrandPreviewOptions, Typefaces } from '../types.js';
import { conditional, pathWithId, requestOptions, Resource, type CallOptions } from './resource.js';

export interface BrandConditionalOptions extends CallOptions {
  /** The version you read (`brand.version`) or its ETag (`"v3"`): a stale change is refused with a 412. */
  ifMatch?: number | string;
}

/** Bytes (a file read with fs.readFile, a Uint8Array) as the base64 a brand upload takes. */
export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Brands: `GET/POST /brands`, `GET/PATCH/DELETE /brands/:id`, the preview and the shipped typefaces. */
export class Brands extends Resource {
  /** Every brand, oldest first. */
  list(opts?: CallOptions): Promise<BrandList> {
    return this.http.request<BrandList>('GET', '/brands', requestOptions(opts));
  }

  /** The typeface families the service ships. */
  typefaces(opts?: CallOptions): Promise<Typefaces> {
    return this.http.request<Typefaces>('GET', '/brands/typefaces', requestOptions(opts));
  }

  /** One brand; `version` is what `ifMatch` takes. */
  get(id: string, opts?: CallOptions): Promise<Brand> {
    return this.http.request<Brand>('GET', pathWithId('/brands', id), requestOptions(opts));
  }

  /** Creates a brand (logo and font as base64: see `toBase64`); too-faint colours come back adjusted in `adjustments`. */
  create(input: BrandInput, opts?: CallOptions): Promise<Brand> {
    return this.http.request<Brand>('POST', '/brands', { ...requestOptions(opts), body: input });
  }

  /** Changes a brand (a new version); with `ifMatch`, a stale edit is a 412. */
  update(id: string, patch: BrandPatch, opts?: BrandConditionalOptions): Promise<Brand> {
    return this.http.request<Brand>('PATCH', pathWithId('/brands', id), { ...conditional(opts), body: patch });
  }

  /** Deletes a brand; a 409 `brand_in_use` names the unfinished renders that use it. */
  async delete(id: string, opts?: BrandConditionalOptions): Promise<void> {
    await this.http.request('DELETE', pathWithId('/brands', id), conditional(opts));
  }

  /** A poster (JPEG bytes) of a template in the brand, with unsaved changes over it. */
  async preview(id: string, options: BrandPreviewOptions = {}, opts?: CallOptions): Promise<ArrayBuffer> {
    const res = await this.http.raw('POST', pathWithId('/brands', id, '/preview'), { ...requestOptions(opts), body: options });
    return res.arrayBuffer();
  }
}
