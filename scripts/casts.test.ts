/**
 * Type assertions in the package and client sources stay under a ceiling that
 * only goes down: each one switches the compiler off at that spot, so a new one
 * needs a reason (a comment on its line or the line above) and, better, a type
 * guard or a schema parse instead. Count them with `node --import tsx scripts/casts.ts`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allCasts, castsIn } from './casts.ts';

/** The most assertions the sources may hold (lower it when you remove some). */
const CEILING = 100;
/** Of those, the most that may stand without a comment saying why. */
const UNEXPLAINED_CEILING = 0;

test('the counter sees `as T` and `<T>x` but not `as const`', () => {
  const casts = castsIn('x.ts', ['const a = b as string;', 'const c = <number>d;', 'const e = [1] as const;', '// why: the parser returns any', 'const f = g as Foo;'].join('\n'));
  assert.deepEqual(
    casts.map((c) => [c.line, c.explained]),
    [
      [1, false],
      [2, false],
      [5, true],
    ],
  );
});

test(`the sources hold at most ${CEILING} type assertions, at most ${UNEXPLAINED_CEILING} without a reason`, () => {
  const casts = allCasts();
  const unexplained = casts.filter((c) => !c.explained);
  assert.ok(casts.length <= CEILING, `${casts.length} type assertions (ceiling ${CEILING}): parse or guard instead; list them with node --import tsx scripts/casts.ts --list`);
  assert.ok(unexplained.length <= UNEXPLAINED_CEILING, `${unexplained.length} type assertions without a comment saying why (ceiling ${UNEXPLAINED_CEILING})`);
});
