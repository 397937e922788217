/**
 * Assembles rgba-to-i420.wat into rgba-to-i420.wasm with wabt. The .wasm is committed
 * so that rendering needs no assembler; a test checks the two still match.
 *
 *   node --import tsx packages/engine/scripts/assemble-kernel.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import wabt from 'wabt';

export const KERNEL_WAT = fileURLToPath(new URL('../assets/rgba-to-i420.wat', import.meta.url));
export const KERNEL_WASM = fileURLToPath(new URL('../assets/rgba-to-i420.wasm', import.meta.url));

/** The kernel's binary, assembled from its WAT source. */
export async function assembleKernel(): Promise<Uint8Array> {
  const w = await wabt();
  const mod = w.parseWat('rgba-to-i420.wat', readFileSync(KERNEL_WAT, 'utf8'), { simd: true });
  try {
    mod.validate();
    return mod.toBinary({ canonicalize_lebs: true, write_debug_names: false }).buffer;
  } finally {
    mod.destroy();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bytes = await assembleKernel();
  writeFileSync(KERNEL_WASM, bytes);
  console.log(`wrote ${KERNEL_WASM} (${bytes.length} bytes)`);
}
