// Word starts carried from the offline narrator's reading onto another voice's reading of the same sentence.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, test } from 'node:test';
import { findFfmpeg } from '@aqcast/engine';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeClips, NARRATION_SAMPLE_RATE } from './narration-audio.js';
import { OfflineSpeech, type SpokenClip } from './providers/offline-speech.js';
import { alignWords } from './word-alignment.js';

const speech = new OfflineSpeech();
const dir = mkdtempSync(join(tmpdir(), 'aqcast-align-'));
after(async () => {
  await speech.close();
  rmSync(dir, { recursive: true, force: true });
});

const pcmOf = async (clip: SpokenClip) => (await decodeClips([clip.audio], { ffmpegPath: findFfmpeg(), workDir: dir }))[0] ?? Buffer.alloc(0);
/** A reading slowed to `tempo` of its speed, its pitch kept (ffmpeg's atempo), as 48 kHz PCM. */
const slowed = (clip: SpokenClip, tempo: number) =>
  execFileSync(findFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-af', `atempo=${tempo}`, '-f', 's16le', '-ac', '1', '-ar', String(NARRATION_SAMPLE_RATE), 'pipe:1'], { input: clip.audio, maxBuffer: 1 << 26 });
const TEMPO = 0.85;

/** `pcm` with `sec` of silence put in at `atSec`. */
function withPause(pcm: Buffer, atSec: number, sec: number): Buffer {
  const cut = Math.round(atSec * NARRATION_SAMPLE_RATE) * 2;
  return Buffer.concat([pcm.subarray(0, cut), Buffer.alloc(Math.round(sec * NARRATION_SAMPLE_RATE) * 2), pcm.subarray(cut)]);
}

const cases = [
  { language: 'en', text: 'Air quality in London is unhealthy today: fine particles reach eighty-seven point four micrograms per cubic meter.', ref: 'en-us', other: 'en-gb' },
  { language: 'es', text: 'La calidad del aire en Santiago es mala: el material particulado fino llega a ochenta y siete coma cuatro microgramos por metro cúbico.', ref: 'es-419', other: 'es' },
  { language: 'pt', text: 'A qualidade do ar em São Paulo está ruim: as partículas finas chegam a oitenta e sete vírgula quatro microgramas por metro cúbico.', ref: 'pt-br', other: 'pt' },
];

for (const c of cases) {
  test(`${c.language}: another voice, slower and with a pause of its own, gets each word's start within 0.2 s`, async () => {
    const ref = await speech.speak(c.text, c.ref);
    const other = await speech.speak(c.text, c.other);
    // Truth: the other voice's own word times, slowed to 85 % and moved by a 0.8 s pause the reference does not have.
    const pauseWord = other.words[Math.floor(other.words.length / 2)];
    assert.ok(pauseWord);
    const pauseAt = (pauseWord.at - 0.02) / TEMPO;
    const target = withPause(slowed(other, TEMPO), pauseAt, 0.8);
    const truth = new Map(other.words.map((w) => [w.char, w.at / TEMPO >= pauseAt ? w.at / TEMPO + 0.8 : w.at / TEMPO]));

    const aligned = alignWords({ pcm: await pcmOf(ref), words: ref.words }, target);
    assert.ok(aligned, 'aligned');
    assert.equal(aligned.length, ref.words.length);
    const errors = aligned.filter((w) => truth.has(w.char)).map((w) => Math.abs(w.at - (truth.get(w.char) ?? 0)));
    // eSpeak's British voice stops reporting words after the first clause: the words both readings report are compared.
    assert.ok(errors.length >= Math.min(ref.words.length, other.words.length) - 1, `${errors.length} of ${ref.words.length} words found in both readings`);
    const worst = Math.max(...errors);
    assert.ok(worst <= 0.2, `worst word ${worst.toFixed(3)} s off: ${errors.map((e) => e.toFixed(2)).join(' ')}`);

    // Sharing the sentence by length, as without alignment, misses the pause by far more.
    const targetSec = target.length / 2 / NARRATION_SAMPLE_RATE;
    const shared = [...truth].map(([char, at]) => Math.abs((targetSec * char) / c.text.length - at));
    assert.ok(Math.max(...shared) > worst + 0.2, `sharing by length is off by ${Math.max(...shared).toFixed(2)} s`);
  });
}

test('nothing to align: an empty clip gives null, never a guess', async () => {
  const ref = await speech.speak('Hello.', 'en-us');
  assert.equal(alignWords({ pcm: await pcmOf(ref), words: ref.words }, Buffer.alloc(0)), null);
});
