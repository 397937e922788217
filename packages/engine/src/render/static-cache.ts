/**
 * Static layers shared between renders in one process. Renders of the same template,
 * frame size and static inputs (the template's `staticKey`: category colour, scale,
 * footer words, layout) draw the same backdrop; a batch of 100 cities draws it once
 * per distinct key instead of 100 times. Bounded by bytes, least recently used out.
 * Layers are only ever read (drawImage) once cached, so concurrent renders share them.
 */
import type { Canvas } from '@napi-rs/canvas';

const DEFAULT_BYTES = 64 * 1024 * 1024;

class LayerCache {
  private readonly layers = new Map<string, { canvas: Canvas; bytes: number }>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(public maxBytes: number) {}

  get(key: string, make: () => Canvas): Canvas {
    const found = this.layers.get(key);
    if (found) {
      // Re-insert: Map order is our recency order.
      this.layers.delete(key);
      this.layers.set(key, found);
      this.hits++;
      return found.canvas;
    }
    this.misses++;
    const canvas = make();
    const bytes = canvas.width * canvas.height * 4;
    if (bytes > this.maxBytes) return canvas;
    this.layers.set(key, { canvas, bytes });
    this.bytes += bytes;
    for (const [k, v] of this.layers) {
      if (this.bytes <= this.maxBytes) break;
      this.layers.delete(k);
      this.bytes -= v.bytes;
    }
    return canvas;
  }

  clear(): void {
    this.layers.clear();
    this.bytes = 0;
  }

  stats(): StaticLayerCacheStats {
    return { layers: this.layers.size, bytes: this.bytes, maxBytes: this.maxBytes, hits: this.hits, misses: this.misses };
  }
}

export interface StaticLayerCacheStats {
  layers: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

export const staticLayers = new LayerCache(DEFAULT_BYTES);

/**
 * Sets the byte budget of the process-wide static layer cache (default 64 MB, about
 * eight 1080p layers); 0 turns sharing off. Clears it when shrinking.
 */
export function configureStaticLayerCache(opts: { maxBytes: number }): void {
  if (opts.maxBytes < staticLayers.maxBytes) staticLayers.clear();
  staticLayers.maxBytes = Math.max(0, opts.maxBytes);
}

/** Layers held, bytes used, hits and misses of the static layer cache. */
export function staticLayerCacheStats(): StaticLayerCacheStats {
  return staticLayers.stats();
}
