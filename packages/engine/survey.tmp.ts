import { describeFrame, listTemplates, normalizeRenderParams } from '/work/wt/scenes/packages/engine/src/index.ts';
import { metricParams } from '/work/wt/scenes/packages/engine/test/scene-metrics.ts';
const only = process.argv[2];
for (const t of listTemplates()) {
  if (only && t.id !== only) continue;
  if (!t.formats.includes('portrait')) continue;
  for (const language of ['es']) {
    const p = normalizeRenderParams({ ...metricParams(t.id), format: 'portrait', language, resolution: '1080p' });
    const d0 = describeFrame(p);
    const bad = new Map<string, string>();
    for (let s = 0; s < 15; s++) {
      const d = describeFrame(p, { timeSec: s + 0.5 });
      for (const b of d.boxes) {
        if (b.canvasWidth !== d.width || b.canvasHeight !== d.height) continue;
        const top = b.top / d.height, bot = b.bottom / d.height;
        if (top < 0.14 || bot > 0.8) bad.set(b.text, `${(top*100).toFixed(1)}-${(bot*100).toFixed(1)}% t=${s}`);
      }
    }
    console.log(t.id, language, [...bad].map(([k, v]) => `${JSON.stringify(k)} ${v}`).join('\n   '));
  }
}
