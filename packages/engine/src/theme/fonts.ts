/**
 * Typefaces: the families the engine ships (TTF files of npm font packages, each
 * with Latin Extended for es/pt diacritics) and font files a caller supplies,
 * registered with Skia once per process under a name of their own.
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { THEME_FAMILIES, type ThemeFamily } from './types.js';

/** What kind of face a shipped family is. */
export const TYPEFACE_KINDS = ['sans', 'condensed', 'serif'] as const;
export type TypefaceKind = (typeof TYPEFACE_KINDS)[number];

interface FamilySpec {
  /** Canvas family name. */
  name: string;
  /** Display name. */
  label: string;
  kind: TypefaceKind;
  pkg: string;
  /** File prefix inside the package, e.g. `Arimo_` for `700Bold/Arimo_700Bold.ttf`. */
  prefix: string;
  weights: readonly string[];
}

const FAMILIES: Record<ThemeFamily, FamilySpec> = {
  inter: { name: 'Inter', label: 'Inter', kind: 'sans', pkg: '@expo-google-fonts/inter', prefix: 'Inter_', weights: ['400Regular', '500Medium', '600SemiBold', '700Bold', '800ExtraBold'] },
  arimo: { name: 'Arimo', label: 'Arimo', kind: 'sans', pkg: '@expo-google-fonts/arimo', prefix: 'Arimo_', weights: ['400Regular', '500Medium', '600SemiBold', '700Bold'] },
  'roboto-condensed': {
    name: 'Roboto Condensed',
    label: 'Roboto Condensed',
    kind: 'condensed',
    pkg: '@expo-google-fonts/roboto-condensed',
    prefix: 'RobotoCondensed_',
    weights: ['400Regular', '500Medium', '600SemiBold', '700Bold', '800ExtraBold'],
  },
  'noto-serif': { name: 'Noto Serif', label: 'Noto Serif', kind: 'serif', pkg: '@expo-google-fonts/noto-serif', prefix: 'NotoSerif_', weights: ['400Regular', '500Medium', '600SemiBold', '700Bold', '800ExtraBold'] },
};

export interface FamilyInfo {
  id: ThemeFamily;
  label: string;
  kind: TypefaceKind;
}

/** The shipped families, for listings (the brand API, the dashboard). */
export function listFamilies(): FamilyInfo[] {
  return THEME_FAMILIES.map((id) => ({ id, label: FAMILIES[id].label, kind: FAMILIES[id].kind }));
}

const registered = new Set<string>();

/** Registers a shipped family (idempotent) and returns its canvas family name. */
export function ensureFamily(id: ThemeFamily): string {
  const f = FAMILIES[id];
  if (registered.has(f.name)) return f.name;
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve(`${f.pkg}/package.json`));
  for (const w of f.weights) {
    const key = GlobalFonts.registerFromPath(join(dir, w, `${f.prefix}${w}.ttf`), f.name);
    if (!key) throw new Error(`could not register font ${f.name} ${w} from ${dir}`);
  }
  registered.add(f.name);
  return f.name;
}

/**
 * Registers a TTF/OTF file (validated by the caller) under a name derived from its
 * contents, so the same file is registered once however often it is used.
 */
export function ensureFontFile(file: string): string {
  return ensureFontBytes(readFileSync(file));
}

/** Registers a TTF/OTF from its bytes (validated by the caller), once per distinct content. */
export function ensureFontBytes(data: Uint8Array): string {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const name = `aqcast-font-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}`;
  if (registered.has(name)) return name;
  const key = GlobalFonts.register(bytes, name);
  if (!key) throw new Error('could not register the font');
  registered.add(name);
  return name;
}
