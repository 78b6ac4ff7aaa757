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

/**
 * The build of a Node program package (@tourney/server, @tourney/cli): `src/index.ts` and the program's entry
 * (`bin`) as ES modules for Node 20, with the declarations of `src/index.ts` and source maps.
 */
export function nodeProgramBuild(bin: string): Options {
  return { entry: ['src/index.ts', bin], format: ['esm'], dts: { entry: 'src/index.ts' }, sourcemap: true, clean: true, target: 'node20' };
}
