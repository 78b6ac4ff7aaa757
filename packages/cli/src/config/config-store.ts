import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CliError } from '../errors';
import { CONFIG_FILE_NAME } from '../paths';
import { emptyConfig, parseConfig, type ConfigFile } from './config-file';

/** Where profiles are kept. */
export interface ConfigStore {
  /** Location shown in messages (the file path). */
  readonly location: string;
  /** Reads the configuration; an absent file is an empty configuration. @throws CliError CONFIG_INVALID */
  read(): Promise<ConfigFile>;
  /** Replaces the configuration. */
  write(config: ConfigFile): Promise<void>;
}

/** File mode of config.json: it holds tokens and API keys, so only the owner may read it. */
export const CONFIG_FILE_MODE = 0o600;

/**
 * A store backed by `<dir>/config.json`. Writes go to a temporary file created with mode 0600 that is then renamed
 * over the old file (atomic, never world-readable); the directory is created with mode 0700 when missing.
 */
export function createFileConfigStore(dir: string): ConfigStore {
  const file = join(dir, CONFIG_FILE_NAME);
  return {
    location: file,
    async read() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyConfig();
        throw new CliError('CONFIG_UNREADABLE', `cannot read config file ${file}: ${(error as Error).message}`);
      }
      if (text.trim() === '') return emptyConfig();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        throw new CliError('CONFIG_INVALID', `invalid config file ${file}: not JSON (${(error as Error).message})`);
      }
      return parseConfig(parsed, file);
    },
    async write(config) {
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      // node:crypto is loaded here, on a write, rather than at start (it adds milliseconds to every `tourney` run).
      const { randomBytes } = await import('node:crypto');
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: CONFIG_FILE_MODE });
        await chmod(temp, CONFIG_FILE_MODE);
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw new CliError('CONFIG_UNWRITABLE', `cannot write config file ${file}: ${(error as Error).message}`);
      }
    },
  };
}
