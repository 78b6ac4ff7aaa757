import { InvalidArgumentError, type Command } from 'commander';
import type { components } from '@tourney/sdk';
import type { StageFormat } from '../api-types';
import { CliError } from '../errors';
import { choiceOption, enumOption, intOption, isCalendarDay, LOCAL_TIME_NOTE } from './shared';
import { readTextFile } from './file-io';

type StageInput = components['schemas']['StageInput'];
type StageSettings = components['schemas']['StageSettings'];
type Tiebreak = components['schemas']['Tiebreak'];
type GrandFinal = NonNullable<StageSettings['grandFinal']>;
type SeedOrdering = NonNullable<StageSettings['seedOrdering']>;
type ByeTiebreakRule = NonNullable<StageSettings['byeTiebreakRule']>;
type SwissPairingOrder = NonNullable<StageSettings['swissPairingOrder']>;
type Seeding = NonNullable<StageSettings['seeding']>;
type Consolation = NonNullable<StageSettings['consolation']>;

/** Every stage format with the words a person reads (the Record keeps it equal to the contract's StageFormat). */
export const FORMAT_WORDS: Readonly<Record<StageFormat, string>> = {
  SINGLE_ELIMINATION: 'single elimination',
  DOUBLE_ELIMINATION: 'double elimination',
  ROUND_ROBIN: 'round robin',
  SWISS: 'Swiss',
  GROUPS: 'groups',
  STEPLADDER: 'stepladder',
};
/** The contract's stage formats. */
export const FORMATS = Object.keys(FORMAT_WORDS) as StageFormat[];

/** Every tiebreak criterion (the Record keeps it equal to the contract's Tiebreak). */
const TIEBREAK_WORDS: Readonly<Record<Tiebreak, string>> = {
  POINTS: 'points',
  HEAD_TO_HEAD: 'head to head',
  SCORE_DIFFERENCE: 'score difference',
  SCORES_FOR: 'scores for',
  SONNEBORN_BERGER: 'Sonneborn-Berger',
  BUCHHOLZ: 'Buchholz',
  BUCHHOLZ_CUT1: 'Buchholz cut 1',
  OPPONENT_MATCH_WIN_PERCENTAGE: 'opponent match-win %',
  BUCHHOLZ_CUT2: 'Buchholz cut 2',
  MEDIAN_BUCHHOLZ: 'median Buchholz',
  CUMULATIVE_SCORE: 'cumulative score',
  KOYA: 'Koya',
  GAME_WIN_PERCENTAGE: 'game-win %',
  OPPONENT_GAME_WIN_PERCENTAGE: 'opponent game-win %',
  HEAD_TO_HEAD_MINI_LEAGUE: 'head to head, mini-league',
};
const TIEBREAKS = Object.keys(TIEBREAK_WORDS) as Tiebreak[];
const GRAND_FINALS: Readonly<Record<GrandFinal, true>> = { none: true, simple: true, double: true };
/** Seed orderings (the Record keeps it equal to the contract's StageSettings.seedOrdering). */
const SEED_ORDERINGS: Readonly<Record<SeedOrdering, true>> = { inner_outer: true, natural: true, reverse: true };
/** Bye rules of Swiss tiebreaks (the Record keeps it equal to the contract's StageSettings.byeTiebreakRule). */
const BYE_TIEBREAK_RULES: Readonly<Record<ByeTiebreakRule, true>> = { FIDE_2023: true, NONE: true };
/** Play-offs of single elimination (the Record keeps it equal to the contract's StageSettings.consolation). */
const CONSOLATIONS: Readonly<Record<Consolation, true>> = { NONE: true, THIRD_PLACE: true, FULL: true };
/** Swiss pairing orders (the Record keeps it equal to the contract's StageSettings.swissPairingOrder). */
const SWISS_PAIRING_ORDERS: Readonly<Record<SwissPairingOrder, true>> = { STANDINGS: true, SEED: true };
/** How stage 1 is seeded (the Record keeps it equal to the contract's StageSettings.seeding, R27.10). */
const SEEDINGS: Readonly<Record<Seeding, true>> = { MANUAL: true, RATING: true };

/** The stage flags of `tournament create` and `tournament update` (one stage; several with --stages FILE). */
export interface StageFlags {
  format?: StageFormat;
  stageName?: string;
  thirdPlace?: boolean;
  consolation?: Consolation;
  grandFinal?: GrandFinal;
  seedOrdering?: SeedOrdering;
  skipFirstRound?: boolean;
  byeTiebreaks?: ByeTiebreakRule;
  swissPairing?: SwissPairingOrder;
  seeding?: Seeding;
  cycles?: 1 | 2;
  swissRounds?: number;
  winsToAdvance?: number;
  lossesToEliminate?: number;
  groups?: number;
  qualifiersPerGroup?: number;
  groupNames?: string[];
  points?: [number, number, number];
  tiebreaks?: Tiebreak[];
  roundInterval?: number;
  /** Games per match (R25.1). */
  bestOf?: number;
  /** Best-of by round, bracket or bracket and round (R25.1), from `--best-of-round 2=5,GRAND_FINAL=7`. */
  bestOfRound?: Record<string, number>;
  /** Start of the stage (R25.6), UTC ISO 8601. */
  stageStart?: string;
  /** Minutes between the matches of one round (R25.7). */
  matchInterval?: number;
  stages?: string;
}

/** Which formats each setting flag applies to (SE, DE, RR, SW, GR as in the contract's StageSettings). */
const APPLIES: readonly [flag: string, key: keyof StageFlags, formats: readonly StageFormat[]][] = [
  ['--third-place', 'thirdPlace', ['SINGLE_ELIMINATION']],
  ['--consolation', 'consolation', ['SINGLE_ELIMINATION']],
  ['--grand-final', 'grandFinal', ['DOUBLE_ELIMINATION']],
  ['--seed-ordering', 'seedOrdering', ['SINGLE_ELIMINATION', 'DOUBLE_ELIMINATION']],
  ['--skip-first-round', 'skipFirstRound', ['DOUBLE_ELIMINATION']],
  ['--bye-tiebreaks', 'byeTiebreaks', ['SWISS']],
  ['--swiss-pairing', 'swissPairing', ['SWISS']],
  ['--seeding', 'seeding', FORMATS],
  ['--cycles', 'cycles', ['ROUND_ROBIN', 'GROUPS']],
  ['--swiss-rounds', 'swissRounds', ['SWISS']],
  ['--wins-to-advance', 'winsToAdvance', ['SWISS']],
  ['--losses-to-eliminate', 'lossesToEliminate', ['SWISS']],
  ['--groups', 'groups', ['GROUPS']],
  ['--qualifiers-per-group', 'qualifiersPerGroup', ['GROUPS']],
  ['--group-names', 'groupNames', ['GROUPS']],
  ['--points', 'points', ['ROUND_ROBIN', 'SWISS', 'GROUPS']],
  ['--tiebreaks', 'tiebreaks', ['ROUND_ROBIN', 'SWISS', 'GROUPS']],
];

function groupNamesOption(value: string): string[] {
  const names = value.split(',').map((part) => part.trim());
  if (names.some((n) => n === '' || n.length > 40)) throw new InvalidArgumentError('expected comma-separated names of 1 to 40 characters, e.g. A,B,C,D');
  if (new Set(names).size !== names.length) throw new InvalidArgumentError('each group name at most once');
  return names;
}

/**
 * A stage of a --stages file with its `slotMapPreset` written in any case with dashes (`cross-groups`) put in the
 * contract's form (CROSS_GROUPS, R23.1).
 */
function normalizeSlotMapPreset(stage: Record<string, unknown>): Record<string, unknown> {
  const settings = stage.settings as Record<string, unknown> | undefined;
  if (settings === undefined || settings === null || typeof settings.slotMapPreset !== 'string') return stage;
  return { ...stage, settings: { ...settings, slotMapPreset: settings.slotMapPreset.trim().toUpperCase().replace(/[- ]/g, '_') } };
}

const flagName = (format: StageFormat) => format.toLowerCase().replace(/_/g, '-');

function pointsOption(value: string): [number, number, number] {
  const parts = value.split(/[,/]/).map((p) => p.trim());
  const numbers = parts.map(Number);
  if (parts.length !== 3 || parts.some((p) => p === '') || numbers.some((n) => !Number.isFinite(n) || n < 0 || n > 1000)) {
    throw new InvalidArgumentError('expected WIN,DRAW,LOSS points from 0 to 1000, e.g. 3,1,0 or 1,0.5,0');
  }
  return numbers as [number, number, number];
}

const BEST_OF = ['1', '3', '5', '7', '9'];

function bestOfOption(value: string): number {
  if (!BEST_OF.includes(value.trim())) throw new InvalidArgumentError('expected 1, 3, 5, 7 or 9');
  return Number(value);
}

/** Brackets a best-of override may name (R25.1; contract `bestOfByRound` keys). */
const BEST_OF_BRACKETS = 'WINNERS|LOSERS|GRAND_FINAL|THIRD_PLACE|CONSOLATION|ROUND_ROBIN|SWISS|GROUP';
const BEST_OF_PAIR = new RegExp(`^\\s*([1-9]\\d{0,2}|(?:${BEST_OF_BRACKETS})(?::[1-9]\\d{0,2})?)\\s*=\\s*(\\d)\\s*$`, 'i');

/**
 * `2=5,grand_final=7,winners:3=5` -> { "2": 5, "GRAND_FINAL": 7, "WINNERS:3": 5 } (R25.1): a round number, a bracket
 * or a bracket and round, each = a best-of.
 */
function bestOfRoundOption(value: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of value.split(',')) {
    const match = BEST_OF_PAIR.exec(part);
    if (!match || !BEST_OF.includes(match[2] as string)) {
      throw new InvalidArgumentError('expected KEY=BEST_OF pairs, KEY a round number, a bracket or BRACKET:ROUND, e.g. 2=5 or 1=3,GRAND_FINAL=5,WINNERS:3=5 (best-of 1, 3, 5, 7 or 9)');
    }
    out[(match[1] as string).toUpperCase()] = Number(match[2]);
  }
  return out;
}

function instantOption(value: string): string {
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || !isCalendarDay(value, false) || Number.isNaN(ms)) throw new InvalidArgumentError('expected a date-time, e.g. 2030-06-03T15:00:00Z');
  return new Date(ms).toISOString();
}

function tiebreaksOption(value: string): Tiebreak[] {
  const parse = enumOption(TIEBREAKS);
  const list = value.split(',').map((part) => parse(part));
  if (new Set(list).size !== list.length) throw new InvalidArgumentError('each tiebreak at most once');
  return list;
}

/** `inner-outer`, `NATURAL`, ... -> the contract's `inner_outer`, `natural`. */
function seedOrderingOption(value: string): SeedOrdering {
  return choiceOption(Object.keys(SEED_ORDERINGS) as SeedOrdering[])(value.replace(/-/g, '_'));
}

/**
 * Adds the stage flags (format and its settings, or --stages FILE) to `tournament create` or, with `update`, to
 * `tournament update`. The help of create names the default of an omitted setting (`defaults.format` for
 * --format); that of update names none, as update keeps the current value of every setting not given.
 */
export function addStageOptions(command: Command, defaults: { format?: StageFormat; update?: boolean } = {}): Command {
  const formatHelp = FORMATS.map(flagName).join(', ');
  /** `text` in the help of create only: the default of an omitted flag. */
  const onCreate = (text: string) => (defaults.update ? '' : text);
  return command
    .option('--format <format>', `stage format: ${formatHelp}${defaults.format ? ` (default ${flagName(defaults.format)})` : ''}`, enumOption(FORMATS))
    .option('--stage-name <name>', `name of the stage${onCreate(' (default "Main")')}`)
    .option('--third-place', 'single elimination: play a match for third place')
    .option('--consolation <kind>', 'single elimination: none, third-place or full (every place played off: 5th-8th, 9th-16th, ...)', enumOption(Object.keys(CONSOLATIONS) as Consolation[]))
    .option('--grand-final <kind>', `double elimination: none, simple${onCreate(' (default)')} or double (a reset when the losers-bracket champion wins)`, choiceOption(Object.keys(GRAND_FINALS) as GrandFinal[]))
    .option('--seed-ordering <order>', `single and double elimination: inner-outer (${onCreate('default: ')}1 meets the last seed), natural (1 meets 2, in your seed order) or reverse`, seedOrderingOption)
    .option('--skip-first-round', 'double elimination: no winners round 1; the lower seed of each pair starts in the losers bracket')
    .option('--bye-tiebreaks <rule>', `Swiss: how a bye counts in Buchholz and Sonneborn-Berger: fide-2023${onCreate(' (default)')} or none`, enumOption(Object.keys(BYE_TIEBREAK_RULES) as ByeTiebreakRule[]))
    .option('--swiss-pairing <order>', `Swiss: order of each score group before pairing top half against bottom half: standings${onCreate(' (default)')} or seed`, enumOption(Object.keys(SWISS_PAIRING_ORDERS) as SwissPairingOrder[]))
    .option('--seeding <how>', `stage 1, any format: how seeds are set at the start: manual (${onCreate('default: ')}your seeds, then registration order) or rating (by participant rating, highest first)`, enumOption(Object.keys(SEEDINGS) as Seeding[]))
    .option('--cycles <n>', 'round robin, groups: how many times each pair meets, 1 or 2', (v: string) => intOption(1, 2)(v) as 1 | 2)
    .option('--swiss-rounds <n>', `Swiss: number of rounds, 1-20${onCreate(' (default ceil(log2(players)))')}`, intOption(1, 20))
    .option('--wins-to-advance <n>', 'Swiss, esports form: wins that qualify a player, 1-20', intOption(1, 20))
    .option('--losses-to-eliminate <n>', 'Swiss, esports form: losses that eliminate a player, 1-20', intOption(1, 20))
    .option('--groups <n>', `groups: number of groups, 1-256${onCreate(' (default ceil(players / 4))')}`, intOption(1, 256))
    .option('--qualifiers-per-group <n>', `groups: how many of each group qualify, 1-64${onCreate(' (default 2)')}`, intOption(1, 64))
    .option('--group-names <names>', `groups: names of the groups in order, comma-separated${onCreate(' (default A,B,C,...)')}`, groupNamesOption)
    .option('--points <win,draw,loss>', `round robin, Swiss, groups: points per result, e.g. 3,1,0${onCreate(' (default)')} or 1,0.5,0`, pointsOption)
    .option('--tiebreaks <list>', `round robin, Swiss, groups: criteria in order, comma-separated: ${TIEBREAKS.map((t) => t.toLowerCase().replace(/_/g, '-')).join(', ')}`, tiebreaksOption)
    .option('--round-interval <minutes>', `minutes between scheduled rounds, 0-10080${onCreate(' (default 60)')}`, intOption(0, 10080))
    .option('--match-interval <minutes>', `minutes between the matches of one round, 0-10080 (0${onCreate(', the default')}: all at the round's time)`, intOption(0, 10080))
    .option(
      '--stage-start <date-time>',
      `when the stage's first round starts, e.g. 2030-06-03T15:00:00Z; ${LOCAL_TIME_NOTE}${onCreate(' (default: the tournament start)')}`,
      instantOption,
    )
    .option('--best-of <n>', `games per match: 1${onCreate(' (default)')}, 3, 5, 7 or 9`, bestOfOption)
    .option('--best-of-round <key=n,...>', 'best-of by round, bracket or bracket:round, e.g. 3=5 (the final of 8), GRAND_FINAL=5, WINNERS:3=5', bestOfRoundOption)
    .option('--stages <file>', 'several stages from a YAML or JSON file: a list of { name, format, settings } (see the contract\'s StageInput)');
}

/** True when any stage flag other than --stages was given. */
export function hasStageFlags(flags: StageFlags): boolean {
  return (
    flags.format !== undefined ||
    flags.stageName !== undefined ||
    flags.roundInterval !== undefined ||
    flags.bestOf !== undefined ||
    flags.bestOfRound !== undefined ||
    flags.stageStart !== undefined ||
    flags.matchInterval !== undefined ||
    APPLIES.some(([, key]) => flags[key] !== undefined)
  );
}

/**
 * The settings of one stage from the flags, checked against its format.
 * @throws CliError INVALID_OPTION naming a flag that does not apply to the format.
 */
export function settingsFromFlags(format: StageFormat, flags: StageFlags, base: StageSettings = {}): StageSettings {
  for (const [flag, key, formats] of APPLIES) {
    if (flags[key] !== undefined && !formats.includes(format)) {
      throw new CliError('INVALID_OPTION', `${flag} does not apply to ${FORMAT_WORDS[format]}`, {
        hint: `it applies to ${formats.map((f) => FORMAT_WORDS[f]).join(', ')} (--format ${flagName(formats[0] as StageFormat)})`,
      });
    }
  }
  const settings: StageSettings = { ...base };
  if (flags.thirdPlace) settings.thirdPlaceMatch = true;
  if (flags.consolation) settings.consolation = flags.consolation;
  if (flags.grandFinal) settings.grandFinal = flags.grandFinal;
  if (flags.seedOrdering) settings.seedOrdering = flags.seedOrdering;
  if (flags.skipFirstRound) settings.skipFirstRound = true;
  if (flags.byeTiebreaks) settings.byeTiebreakRule = flags.byeTiebreaks;
  if (flags.swissPairing) settings.swissPairingOrder = flags.swissPairing;
  if (flags.seeding) settings.seeding = flags.seeding;
  if (flags.cycles) settings.roundRobinCycles = flags.cycles;
  if (flags.swissRounds !== undefined) settings.swissRounds = flags.swissRounds;
  if (flags.winsToAdvance !== undefined) settings.swissWinsToAdvance = flags.winsToAdvance;
  if (flags.lossesToEliminate !== undefined) settings.swissLossesToEliminate = flags.lossesToEliminate;
  if (flags.groups !== undefined) settings.groupCount = flags.groups;
  if (flags.qualifiersPerGroup !== undefined) settings.qualifiersPerGroup = flags.qualifiersPerGroup;
  if (flags.groupNames !== undefined) settings.groupNames = flags.groupNames;
  if (flags.points) [settings.pointsForWin, settings.pointsForDraw, settings.pointsForLoss] = flags.points;
  if (flags.tiebreaks) settings.tiebreaks = flags.tiebreaks;
  if (flags.roundInterval !== undefined) settings.roundIntervalMinutes = flags.roundInterval;
  if (flags.matchInterval !== undefined) settings.matchIntervalMinutes = flags.matchInterval;
  if (flags.stageStart !== undefined) settings.startsAt = flags.stageStart;
  if (flags.bestOf !== undefined) settings.bestOf = flags.bestOf as StageSettings['bestOf'];
  if (flags.bestOfRound !== undefined) settings.bestOfByRound = flags.bestOfRound as StageSettings['bestOfByRound'];
  return settings;
}

/**
 * The whole message of the YAML parser (R20.12: the place in the file and why): its reason with line and column, then
 * the lines it quotes from the file and the caret under the column (`Flow map ... at line 4, column 1:\n\n  settings:
 * { x\n^`), trailing blank lines left out. Any other error: its message.
 */
export function parserMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).trimEnd();
}

/**
 * Reads the stages of a --stages file: YAML or JSON, either a list of stages or `{ stages: [...] }`; each stage's
 * format and `slotMapPreset` may be written in any case with dashes (`double-elimination`, `cross-groups`). The
 * server checks the settings.
 * @throws CliError FILE_NOT_READABLE, INVALID_STAGES naming the problem.
 */
export async function readStagesFile(file: string): Promise<StageInput[]> {
  const text = await readTextFile(file, { label: `--stages file ${file}` });
  let parsed: unknown;
  try {
    const { parse } = await import('yaml');
    parsed = parse(text); // YAML is a superset of JSON
  } catch (error) {
    throw new CliError('INVALID_STAGES', `--stages file ${file} is neither YAML nor JSON: ${parserMessage(error)}`);
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { stages?: unknown } | null)?.stages;
  if (!Array.isArray(list) || list.length === 0) {
    throw new CliError('INVALID_STAGES', `--stages file ${file} must hold a list of stages (or "stages:" with a list)`, {
      hint: 'e.g.\n- { name: Groups, format: groups, settings: { groupCount: 4, qualifiersPerGroup: 2 } }\n- { name: Playoffs, format: single-elimination }',
    });
  }
  return list.map((raw, i) => {
    if (typeof raw !== 'object' || raw === null) throw new CliError('INVALID_STAGES', `stage ${i + 1} in ${file} must be an object with name and format`);
    const stage = raw as Record<string, unknown>;
    const format = typeof stage.format === 'string' ? stage.format.trim().toUpperCase().replace(/[- ]/g, '_') : stage.format;
    if (typeof format !== 'string' || !(FORMATS as string[]).includes(format)) {
      throw new CliError('INVALID_STAGES', `stage ${i + 1} in ${file}: format must be one of ${FORMATS.map(flagName).join(', ')}`);
    }
    return { ...normalizeSlotMapPreset(stage), name: stage.name ?? `Stage ${i + 1}`, format } as StageInput;
  });
}

/**
 * The stages to send: the --stages file, else one stage from the flags (on `base`, the current single stage of an
 * update), else undefined when nothing about stages was given.
 * @throws CliError INVALID_OPTION for --stages mixed with single-stage flags, or flags on a several-stage tournament.
 */
export async function stagesFromFlags(flags: StageFlags, base: readonly StageInput[] | undefined): Promise<StageInput[] | undefined> {
  if (flags.stages !== undefined) {
    if (hasStageFlags(flags)) throw new CliError('INVALID_OPTION', '--stages replaces every stage: put the settings in the file instead of flags');
    return readStagesFile(flags.stages);
  }
  if (!hasStageFlags(flags)) return base === undefined ? [{ name: 'Main', format: 'SINGLE_ELIMINATION' }] : undefined;
  if (base !== undefined && base.length > 1) {
    throw new CliError('INVALID_OPTION', `the tournament has ${base.length} stages: change them with --stages FILE`);
  }
  const current = base?.[0];
  const format = flags.format ?? current?.format ?? 'SINGLE_ELIMINATION';
  const keep = current && current.format === format ? current.settings : undefined;
  const settings = settingsFromFlags(format, flags, keep);
  return [{ name: flags.stageName ?? current?.name ?? 'Main', format, ...(Object.keys(settings).length ? { settings } : {}) }];
}
