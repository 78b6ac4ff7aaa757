import { readFile } from 'node:fs/promises';
import { InvalidArgumentError, type Command } from 'commander';
import type { components } from '@tourney/sdk';
import type { StageFormat } from '../api-types';
import { CliError } from '../errors';
import { choiceOption, enumOption, intOption } from './shared';

type StageInput = components['schemas']['StageInput'];
type StageSettings = components['schemas']['StageSettings'];
type Tiebreak = components['schemas']['Tiebreak'];
type GrandFinal = NonNullable<StageSettings['grandFinal']>;

/** Every stage format with the words a person reads (the Record keeps it equal to the contract's StageFormat). */
export const FORMAT_WORDS: Readonly<Record<StageFormat, string>> = {
  SINGLE_ELIMINATION: 'single elimination',
  DOUBLE_ELIMINATION: 'double elimination',
  ROUND_ROBIN: 'round robin',
  SWISS: 'Swiss',
  GROUPS: 'groups',
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
};
const TIEBREAKS = Object.keys(TIEBREAK_WORDS) as Tiebreak[];
const GRAND_FINALS: Readonly<Record<GrandFinal, true>> = { none: true, simple: true, double: true };

/** The stage flags of `tournament create` and `tournament update` (one stage; several with --stages FILE). */
export interface StageFlags {
  format?: StageFormat;
  stageName?: string;
  thirdPlace?: boolean;
  grandFinal?: GrandFinal;
  cycles?: 1 | 2;
  swissRounds?: number;
  winsToAdvance?: number;
  lossesToEliminate?: number;
  groups?: number;
  qualifiersPerGroup?: number;
  points?: [number, number, number];
  tiebreaks?: Tiebreak[];
  roundInterval?: number;
  stages?: string;
}

/** Which formats each setting flag applies to (SE, DE, RR, SW, GR as in the contract's StageSettings). */
const APPLIES: readonly [flag: string, key: keyof StageFlags, formats: readonly StageFormat[]][] = [
  ['--third-place', 'thirdPlace', ['SINGLE_ELIMINATION']],
  ['--grand-final', 'grandFinal', ['DOUBLE_ELIMINATION']],
  ['--cycles', 'cycles', ['ROUND_ROBIN', 'GROUPS']],
  ['--swiss-rounds', 'swissRounds', ['SWISS']],
  ['--wins-to-advance', 'winsToAdvance', ['SWISS']],
  ['--losses-to-eliminate', 'lossesToEliminate', ['SWISS']],
  ['--groups', 'groups', ['GROUPS']],
  ['--qualifiers-per-group', 'qualifiersPerGroup', ['GROUPS']],
  ['--points', 'points', ['ROUND_ROBIN', 'SWISS', 'GROUPS']],
  ['--tiebreaks', 'tiebreaks', ['ROUND_ROBIN', 'SWISS', 'GROUPS']],
];

const flagName = (format: StageFormat) => format.toLowerCase().replace(/_/g, '-');

function pointsOption(value: string): [number, number, number] {
  const parts = value.split(/[,/]/).map((p) => p.trim());
  const numbers = parts.map(Number);
  if (parts.length !== 3 || parts.some((p) => p === '') || numbers.some((n) => !Number.isFinite(n) || n < 0 || n > 1000)) {
    throw new InvalidArgumentError('expected WIN,DRAW,LOSS points from 0 to 1000, e.g. 3,1,0 or 1,0.5,0');
  }
  return numbers as [number, number, number];
}

function tiebreaksOption(value: string): Tiebreak[] {
  const parse = enumOption(TIEBREAKS);
  const list = value.split(',').map((part) => parse(part));
  if (new Set(list).size !== list.length) throw new InvalidArgumentError('each tiebreak at most once');
  return list;
}

/** Adds the stage flags (format and its settings, or --stages FILE) to `tournament create` or `update`. */
export function addStageOptions(command: Command, defaults: { format?: StageFormat } = {}): Command {
  const formatHelp = FORMATS.map(flagName).join(', ');
  return command
    .option('--format <format>', `stage format: ${formatHelp}${defaults.format ? ` (default ${flagName(defaults.format)})` : ''}`, enumOption(FORMATS))
    .option('--stage-name <name>', 'name of the stage (default "Main")')
    .option('--third-place', 'single elimination: play a match for third place')
    .option('--grand-final <kind>', 'double elimination: none, simple (default) or double (a reset when the losers-bracket champion wins)', choiceOption(Object.keys(GRAND_FINALS) as GrandFinal[]))
    .option('--cycles <n>', 'round robin, groups: how many times each pair meets, 1 or 2', (v: string) => intOption(1, 2)(v) as 1 | 2)
    .option('--swiss-rounds <n>', 'Swiss: number of rounds, 1-20 (default ceil(log2(players)))', intOption(1, 20))
    .option('--wins-to-advance <n>', 'Swiss, esports form: wins that qualify a player, 1-20', intOption(1, 20))
    .option('--losses-to-eliminate <n>', 'Swiss, esports form: losses that eliminate a player, 1-20', intOption(1, 20))
    .option('--groups <n>', 'groups: number of groups, 1-256 (default ceil(players / 4))', intOption(1, 256))
    .option('--qualifiers-per-group <n>', 'groups: how many of each group qualify, 1-64 (default 2)', intOption(1, 64))
    .option('--points <win,draw,loss>', 'round robin, Swiss, groups: points per result, e.g. 3,1,0 (default) or 1,0.5,0', pointsOption)
    .option('--tiebreaks <list>', `round robin, Swiss, groups: criteria in order, comma-separated: ${TIEBREAKS.map((t) => t.toLowerCase().replace(/_/g, '-')).join(', ')}`, tiebreaksOption)
    .option('--round-interval <minutes>', 'minutes between scheduled rounds, 0-10080 (default 60)', intOption(0, 10080))
    .option('--stages <file>', 'several stages from a YAML or JSON file: a list of { name, format, settings } (see the contract\'s StageInput)');
}

/** True when any stage flag other than --stages was given. */
export function hasStageFlags(flags: StageFlags): boolean {
  return (
    flags.format !== undefined ||
    flags.stageName !== undefined ||
    flags.roundInterval !== undefined ||
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
  if (flags.grandFinal) settings.grandFinal = flags.grandFinal;
  if (flags.cycles) settings.roundRobinCycles = flags.cycles;
  if (flags.swissRounds !== undefined) settings.swissRounds = flags.swissRounds;
  if (flags.winsToAdvance !== undefined) settings.swissWinsToAdvance = flags.winsToAdvance;
  if (flags.lossesToEliminate !== undefined) settings.swissLossesToEliminate = flags.lossesToEliminate;
  if (flags.groups !== undefined) settings.groupCount = flags.groups;
  if (flags.qualifiersPerGroup !== undefined) settings.qualifiersPerGroup = flags.qualifiersPerGroup;
  if (flags.points) [settings.pointsForWin, settings.pointsForDraw, settings.pointsForLoss] = flags.points;
  if (flags.tiebreaks) settings.tiebreaks = flags.tiebreaks;
  if (flags.roundInterval !== undefined) settings.roundIntervalMinutes = flags.roundInterval;
  return settings;
}

/**
 * Reads the stages of a --stages file: YAML or JSON, either a list of stages or `{ stages: [...] }`; each stage's
 * format may be written in any case with dashes (`double-elimination`). The server checks the settings.
 * @throws CliError FILE_NOT_READABLE, INVALID_STAGES naming the problem.
 */
export async function readStagesFile(file: string): Promise<StageInput[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CliError('FILE_NOT_READABLE', `cannot read --stages file ${file}: ${(error as Error).message}`, { cause: error });
  }
  let parsed: unknown;
  try {
    const { parse } = await import('yaml');
    parsed = parse(text); // YAML is a superset of JSON
  } catch (error) {
    throw new CliError('INVALID_STAGES', `--stages file ${file} is neither YAML nor JSON: ${(error as Error).message.split('\n')[0]}`);
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
    return { ...stage, name: stage.name ?? `Stage ${i + 1}`, format } as StageInput;
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
