/** What time it is; injectable where tests need to move time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** ISO-8601 UTC of `clock()` plus `offsetMs`: how every timestamp is stored. */
export function isoAt(clock: Clock = systemClock, offsetMs = 0): string {
  return new Date(clock().getTime() + offsetMs).toISOString();
}
