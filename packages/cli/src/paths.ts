import { join } from 'node:path';

/** Environment variables that move the CLI's files. */
type Env = Record<string, string | undefined>;

const nonEmpty = (value: string | undefined): string | undefined =>
  value !== undefined && value.trim() !== '' ? value : undefined;

/**
 * Directory of `config.json`: $TOURNEY_CONFIG_DIR, else $XDG_CONFIG_HOME/tourney, else ~/.config/tourney.
 */
export function configDir(env: Env, homeDir: string): string {
  const explicit = nonEmpty(env.TOURNEY_CONFIG_DIR);
  if (explicit) return explicit;
  const xdg = nonEmpty(env.XDG_CONFIG_HOME);
  return xdg ? join(xdg, 'tourney') : join(homeDir, '.config', 'tourney');
}

/**
 * Directory of the server's default SQLite database: $TOURNEY_DATA_DIR, else $XDG_DATA_HOME/tourney, else
 * ~/.local/share/tourney.
 */
export function dataDir(env: Env, homeDir: string): string {
  const explicit = nonEmpty(env.TOURNEY_DATA_DIR);
  if (explicit) return explicit;
  const xdg = nonEmpty(env.XDG_DATA_HOME);
  return xdg ? join(xdg, 'tourney') : join(homeDir, '.local', 'share', 'tourney');
}

/** File name of the default database inside {@link dataDir}. */
export const DATABASE_FILE_NAME = 'tourney.db';

/** File name of the configuration inside {@link configDir}. */
export const CONFIG_FILE_NAME = 'config.json';
