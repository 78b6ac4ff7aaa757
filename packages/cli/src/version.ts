/** Version of the `tourney` command (kept equal to packages/cli/package.json). */
export const CLI_VERSION = '0.1.0';
