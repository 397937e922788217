/** Types of build-basemap.mjs, for the engine's reader (packages/engine/src/map/basemap.ts). */
export declare const FORMAT: number;
/** Where the ring file is written. */
export declare const OUTPUT: string;
/** What a current ring file is made from: the installed package's version and its TopoJSON's size. */
export declare function sourceKey(): string;
/** The key a ring file was made from, or null when it is not one of this format. */
export declare function keyOf(bytes: Buffer): string | null;
