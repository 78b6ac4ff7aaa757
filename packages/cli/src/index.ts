/** @tourney/cli: the `tourney` command as a library (createProgram, run) for embedding and tests. */
export { run } from './run';
export { createProgram } from './program';
export { createDefaultDeps, processIo, waitForProcessSignal } from './default-deps';
export type {
  CliDeps,
  CliIo,
  ClientFactory,
  Clock,
  RunningServer,
  ServerConfigFromEnvFn,
  ServerStartOptions,
  StartServerFn,
  TextSink,
} from './deps';
export { CancelledError, CliError, ExitCode, type ExitCodeValue } from './errors';
export { formatTourneyError, reportError } from './error-report';
export { createFileConfigStore, CONFIG_FILE_MODE, type ConfigStore } from './config/config-store';
export { DEFAULT_BASE_URL, DEFAULT_PROFILE, type ConfigFile, type Profile } from './config/config-file';
export { configDir, dataDir } from './paths';
export type { Prompter, InputPromptOptions } from './prompts/prompter';
export { renderBracket, findChampion, type RenderBracketOptions } from './bracket/render-bracket';
export type { BracketView, MatchView, PlacementView, RoundView, SideView, StageView } from './bracket/bracket-view';
export { runDemoTournament, type DemoOptions, type DemoResult } from './demo/run-demo';
export { mulberry32 } from './demo/prng';
export { CLI_VERSION } from './version';
