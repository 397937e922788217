/** Registers the Inter font family from its npm package, once per process. */
import { GlobalFonts } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FONT_FAMILY } from '../draw/text.js';

const WEIGHTS = ['400Regular', '500Medium', '600SemiBold', '700Bold', '800ExtraBold'] as const;

let registered = false;

/** Makes `Inter` 400–800 available to every canvas. Idempotent. */
export function ensureFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@expo-google-fonts/inter/package.json'));
  for (const w of WEIGHTS) {
    const key = GlobalFonts.registerFromPath(join(dir, w, `Inter_${w}.ttf`), FONT_FAMILY);
    if (!key) throw new Error(`could not register font Inter ${w} from ${dir}`);
  }
  registered = true;
}
