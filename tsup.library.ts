import type { Options } from 'tsup';

/**
 * The build of a library package that runs in Node and elsewhere (@tourney/core, @tourney/sdk): `src/index.ts`
 * as ES module and CommonJS, with type declarations and source maps. A package adds its `target` and `platform`.
 */
export const libraryBuild = {
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
} satisfies Options;
