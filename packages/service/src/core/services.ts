/**
 * The services of all modules, by module name. Empty here: each module adds
 * its own with `declare module '../../core/services.js' { interface Services { … } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}
