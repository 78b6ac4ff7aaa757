import packageJson from '../package.json';

/** Version of @tourney/server (from its package.json, bundled at build time). */
export const SERVER_VERSION: string = packageJson.version;
