import type { Command } from 'commander';
import type { TourneyError } from '@tourney/sdk';
import type { SentCredentials } from './session';
import { DEFAULT_BASE_URL } from './config/config-file';
import { describeWithheld, type CredentialScope } from './config/credential-scope';

/** An API error put in the user's terms: what is wrong (flags, not JSON paths) and what to do. */
export interface ExplainedError {
  message: string;
  hint?: string;
}

/** The allowed forms behind the contract's patterns, as a user reads them. */
const PATTERNS: Readonly<Record<string, string>> = {
  '^[a-z0-9][a-z0-9_-]{0,31}$': "lower-case letters, digits, '-' and '_' (1 to 32, starting with a letter or digit), e.g. cs2",
  '^[a-zA-Z0-9_.-]+$': "letters, digits, '.', '-' and '_'",
  '^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$': "lower-case letters, digits and '-' (not first or last), e.g. friday-leagues",
  '^[A-Z]{2}$': 'a two-letter country code, e.g. FR',
  '^[a-z0-9_.-]+$': "lower-case letters, digits, '.', '-' and '_', e.g. aim.snap_angle",
  '^[A-Za-z0-9_.:-]+$': "letters, digits, '.', ':', '-' and '_'",
  '^[1-9][0-9]*(-[1-9][0-9]*)?$': 'a place or a range of places, e.g. 3 or 3-4',
};

const FORMATS: Readonly<Record<string, string>> = {
  uuid: 'an id such as 0199a1b2-7c3d-7e4f-8a5b-6c7d8e9f0a1b',
  'date-time': 'an ISO 8601 date-time with a zone, e.g. 2030-05-01T18:00:00Z',
  date: 'a date YYYY-MM-DD',
  email: 'an email address',
  uri: 'a URL such as https://example.com',
};

/**
 * API field names whose flag is not the field name in dash-case. A field set by one of several flags lists them with
 * `/` (`scoring`: --placements, --linear or --exponential of `circuit season create|update`); it is named so when
 * the command has all of them.
 */
const FIELD_FLAGS: Readonly<Record<string, string>> = {
  disciplineId: 'discipline',
  memberUserIds: 'member',
  scheduledAt: 'at',
  scopes: 'scope',
  events: 'event',
  pointMultiplier: 'multiplier',
  overlapSeconds: 'overlap',
  projectId: 'project',
  organizationId: 'org',
  userId: 'user',
  seasonId: 'season',
  sessionId: 'session',
  participantId: 'participant',
  evidenceMediaFileIds: 'evidence',
  groupCount: 'groups',
  swissWinsToAdvance: 'wins-to-advance',
  swissLossesToEliminate: 'losses-to-eliminate',
  thirdPlaceMatch: 'third-place',
  byeTiebreakRule: 'bye-tiebreaks',
  swissPairingOrder: 'swiss-pairing',
  roundRobinCycles: 'cycles',
  advanceCount: 'advance',
  checkInRequired: 'check-in',
  checkInOpensMinutesBefore: 'check-in-opens',
  registrationOpensAt: 'registration-opens',
  registrationClosesAt: 'registration-closes',
  maxPoints: 'linear',
  unreviewedOnly: 'unreviewed',
  includeRevoked: 'include-revoked',
  winnerId: 'winner',
  scores: 'score',
  tournamentId: 'tournament',
  circuitId: 'circuit',
  scoring: 'placements/linear/exponential',
};

/**
 * Body paths (indexes left out) whose flag is not the one of their last field: the team of joinTournament is given
 * with --team-name and --member (R6.2), so `team` and `team.name` are --team-name, `team.memberUserIds` --member; the
 * participants of startAntiCheatSession are the repeated --participant (`participants[0].userId`: its first value).
 * Tried before {@link FIELD_FLAGS}; a flag the command lacks is skipped.
 */
const PATH_FLAGS: Readonly<Record<string, string>> = {
  team: 'team-name',
  'team.name': 'team-name',
  'team.memberUserIds': 'member',
  participants: 'participant',
  'participants.userId': 'participant',
};

/** Path parameter names of the contract that are not the command's argument name. */
const PATH_ARGUMENTS: Readonly<Record<string, string>> = { pid: 'participantId', tid: 'tournamentId', sid: 'seasonId' };

const dashCase = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * How the user names the field at `path` (`body.disciplineId`, `query.limit`, `path.id`,
 * `body.stages[1].settings.advanceCount`): the command's flag (`--discipline`), its argument (`<tournamentId>`),
 * else the field in words (`stage 2 setting advanceCount`).
 */
export function fieldLabel(path: string, command: Command | undefined): string {
  const [location, ...rest] = path.split('.');
  const tail = rest.join('.');
  const last = (tail.match(/([A-Za-z]+)(?:\[\d+\]|\["[^"]*"\])*$/)?.[1] ?? tail) || path;
  if (location === 'path') {
    const args = command?.registeredArguments.map((a) => a.name()) ?? [];
    const wanted = PATH_ARGUMENTS[last] ?? last;
    const found = args.find((a) => a === wanted) ?? (last === 'id' ? args[0] : undefined);
    return `<${found ?? wanted}>`;
  }
  if (location === 'csv') {
    // A CSV import (R24.3): rows are counted from the first row after the header.
    const cell = /^row\[(\d+)\](?:\.(\w+))?$/.exec(tail);
    if (cell) return `CSV row ${cell[1]}${cell[2] ? ` column ${cell[2]}` : ''}`;
    return tail === 'header' ? 'the CSV header row' : 'the CSV file';
  }
  const order = /^(participantIds|seeds)\[(\d+)\]/.exec(tail);
  if (order) return `participant ${Number(order[2]) + 1} of the seeding`;
  const stage = /^stages\[(\d+)\](?:\.settings)?\.(\w+)/.exec(tail);
  const flag = findFlag(command, last, tail);
  if (stage && (command?.options.some((o) => o.long === '--stages') ?? false)) {
    // R20.12: stage 1 is named by its flag only when the flags made it; a --stages file is named by its place in it.
    const index = Number(stage[1]);
    const singleStageFlag = index === 0 && flag !== undefined && command?.getOptionValue('stages') === undefined;
    if (!singleStageFlag) return `stage ${index + 1} ${stage[2]} (in the --stages file)`;
  }
  const argument = command?.registeredArguments.find((a) => a.name() === last)?.name();
  const named = flag ?? (argument ? `<${argument}>` : undefined);
  if (named) {
    const key = /(?:^|\.)[A-Za-z]+(?:\[(\d+)\]|\["([^"]*)"\])$/.exec(tail);
    if (key?.[2] !== undefined) return `${named} entry "${key[2]}"`;
    if (key?.[1] !== undefined) return `${named} value ${Number(key[1]) + 1}`;
    // A list of objects given by a repeated flag (`participants[1].userId`): the value of the flag at that place.
    const item = /^[A-Za-z]+\[(\d+)\]\.[A-Za-z]+$/.exec(tail);
    if (item && PATH_FLAGS[tail.replace(/\[\d+\]/g, '')] !== undefined) return `${named} value ${Number(item[1]) + 1}`;
    return named;
  }
  return tail === '' ? location ?? path : tail;
}

/**
 * The long flag of `command` for the API field `field` at body path `tail` (`team.name`): by path (PATH_FLAGS), by
 * field (FIELD_FLAGS), else the field in dash-case; undefined when the command has none of them. A candidate of
 * several flags (`placements/linear/exponential`) is named `--placements/--linear/--exponential` when the command has
 * every one of them.
 */
function findFlag(command: Command | undefined, field: string, tail = field): string | undefined {
  if (!command) return undefined;
  const byPath = PATH_FLAGS[tail.replace(/\[[^\]]*\]/g, '')];
  const candidates = [byPath, FIELD_FLAGS[field], dashCase(field)].filter((c): c is string => c !== undefined);
  for (const candidate of candidates) {
    const flags = candidate.split('/').map((name) => command.options.find((o) => o.long === `--${name}`)?.long);
    if (flags.every((flag) => flag !== undefined)) return flags.join('/');
  }
  return undefined;
}

/** A validator message in plain words: patterns and formats become the allowed form. */
export function describeRule(message: string): string {
  const pattern = /^must match pattern "(.*)"$/.exec(message);
  if (pattern) return `must be ${PATTERNS[pattern[1] as string] ?? 'in the documented form (see --help)'}`;
  const format = /^must match format "(.*)"$/.exec(message);
  if (format) return `must be ${FORMATS[format[1] as string] ?? `a valid ${format[1]}`}`;
  return message
    .replace(/^must NOT have fewer than (\d+) characters$/, 'must have at least $1 characters')
    .replace(/^must NOT have more than (\d+) characters$/, 'must have at most $1 characters')
    .replace(/^must NOT have more than (\d+) items$/, 'takes at most $1 values')
    .replace(/^must NOT have fewer than (\d+) items$/, 'takes at least $1 values');
}

/** Server wording that names its internals, and the user's name for them. */
const INTERNAL_WORDS: readonly [RegExp, string][] = [
  [/unless the server sets allowPrivateWebhookUrls/g, 'unless the server runs with TOURNEY_ALLOW_PRIVATE_WEBHOOK_URLS=1'],
  [/\ballowPrivateWebhookUrls\b/g, 'TOURNEY_ALLOW_PRIVATE_WEBHOOK_URLS=1'],
  [/ required by [a-z][A-Za-z]+$/, ''],
];

/** Rewrites internal names (server settings, operation ids) in a message. */
export function plainWords(message: string): string {
  return INTERNAL_WORDS.reduce((text, [pattern, words]) => text.replace(pattern, words), message);
}

/** A request path inside a message: `body.maxParticipants`, `query.from`, `body.stages[1].settings.bestOf`. */
const MESSAGE_PATH = /\b(?:body|query|path)(?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])+/g;
/** A camelCase API field name inside a message: `startDate`, `registrationOpensAt`. */
const MESSAGE_FIELD = /\b[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+\b/g;

/**
 * A server message in the command's terms (R20.12: errors name the flag, never a JSON path): request paths become
 * what {@link fieldLabel} names them (`body.maxParticipants cannot change` -> `--max-participants cannot change`),
 * and API field names the command has a flag for become that flag (`must not be after startDate` -> `must not be
 * after --start-date`); other words are kept.
 */
export function flagWords(message: string, command: Command | undefined): string {
  return message
    .replace(MESSAGE_PATH, (path) => fieldLabel(path, command))
    .replace(MESSAGE_FIELD, (field) => findFlag(command, field) ?? field);
}

/** One-line description of each validation detail: `--discipline must be lower-case letters, ...`. */
export function describeDetails(error: TourneyError, command: Command | undefined): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const detail of error.details) {
    const line = `${fieldLabel(detail.path, command)} ${flagWords(plainWords(describeRule(detail.message)), command)}`;
    if (!seen.has(line)) {
      seen.add(line);
      lines.push(line);
    }
  }
  return lines;
}

/** What the user runs to log in (with the profile flag when not the default profile). */
function loginCommand(profile: string | undefined): string {
  return `tourney${profile && profile !== 'default' ? ` --profile ${profile}` : ''} login`;
}

/**
 * Puts an API error in the user's terms: validation errors name flags and allowed forms; authentication errors say
 * what credentials are needed and how to get them (login, signup, API key), or, when the profile's were left out
 * because the request went to another API root (`scope.withheld`, R20.2), whose they are; internal names are replaced.
 */
export function explainApiError(
  error: TourneyError,
  context: { command?: Command; credentials?: SentCredentials; scope?: CredentialScope; profile?: string; baseUrl?: string },
): ExplainedError {
  const login = loginCommand(context.profile);
  const signup = login.replace(/login$/, 'signup');
  const message = flagWords(plainWords(error.message), context.command);
  switch (error.code) {
    case 'VALIDATION_ERROR': {
      const lines = describeDetails(error, context.command);
      if (lines.length === 0) return { message };
      return {
        message: lines.length === 1 ? (lines[0] as string) : `${lines[0]} (and ${lines.length - 1} more: ${lines.slice(1).join('; ')})`,
        hint: `see 'tourney ${commandPath(context.command)} --help' for the accepted values`,
      };
    }
    case 'INVALID_CREDENTIALS':
      return { message: 'wrong username, email or password', hint: `no account on this server yet? create one with '${signup}'` };
    case 'TOKEN_EXPIRED':
      return { message: 'your login has expired', hint: `run '${login}' again` };
    case 'UNAUTHORIZED':
      return explainWithheld(error, context.credentials, context.scope) ?? explainUnauthorized(error, context.credentials, login, signup);
    case 'API_KEY_NOT_ALLOWED':
      return {
        message: 'an API key cannot do this: it needs a logged-in user',
        hint: `run '${login}' and repeat without --api-key (and without TOURNEY_API_KEY or the profile's apiKey)`,
      };
    case 'INSUFFICIENT_SCOPE': {
      const scope = /scope (\S+)/.exec(error.message)?.[1];
      return {
        message: scope ? `this API key lacks the scope ${scope}` : 'this API key lacks the scope this needs',
        hint: `create a key that has it: tourney api-key create --name NAME --scope ${scope ?? 'SCOPE'}`,
      };
    }
    case 'PLAN_REQUIRED':
      return { message, hint: "an OWNER can switch the project's plan: tourney project update PROJECT_ID --plan pro" };
    case 'NETWORK_ERROR':
      return {
        message: `cannot reach the server${context.baseUrl ? ` at ${context.baseUrl}` : ''}`,
        hint: "is it running? start one with 'tourney server start', or point to another with --base-url",
      };
    case 'RATE_LIMITED':
      return { message, hint: 'wait a little and try again' };
    case 'NOT_FOUND':
      return { message, ...routeHint(error, context.baseUrl) };
    default:
      return { message };
  }
}

/**
 * For a 404 naming no route (`no route for GET /tournaments`) sent to a base URL that does not end with /api/v1: the
 * hint that --base-url must be the API root including /api/v1 (R20.2). Empty otherwise (an unknown id).
 */
function routeHint(error: TourneyError, baseUrl: string | undefined): { hint?: string } {
  if (!/^no route for /.test(error.message) || baseUrl === undefined || /\/api\/v1\/?$/.test(baseUrl)) return {};
  return {
    hint:
      `the base URL (--base-url, TOURNEY_BASE_URL or the profile's baseUrl) must be the API root including /api/v1, ` +
      `e.g. ${DEFAULT_BASE_URL}`,
  };
}

/**
 * For a 401 to a request that carried no credentials while the profile holds some for another API root: which of
 * them it needed (the API key when the server says so and the profile has one, else the login) and whose it is.
 */
function explainWithheld(error: TourneyError, sent: SentCredentials | undefined, scope: CredentialScope | undefined): ExplainedError | undefined {
  if (sent !== 'none' || scope === undefined || scope.withheld.length === 0) return undefined;
  const wantsKey = /needs an API key/.test(error.message) && scope.withheld.includes('API key');
  return describeWithheld(scope, wantsKey || !scope.withheld.includes('login') ? 'API key' : 'login');
}

function explainUnauthorized(error: TourneyError, sent: SentCredentials | undefined, login: string, signup: string): ExplainedError {
  if (sent === 'key') {
    return /needs a user access token/.test(error.message)
      ? { message: 'this needs a logged-in user, not an API key', hint: `run '${login}' and repeat without the API key` }
      : { message: 'the API key was refused (unknown, revoked or expired)', hint: 'check --api-key, TOURNEY_API_KEY or the profile apiKey' };
  }
  if (sent === 'token') {
    if (/needs an API key/.test(error.message)) {
      return { message: 'this needs a project API key (a login is not accepted here)', hint: 'pass --api-key, set TOURNEY_API_KEY or run: tourney config set apiKey tk_...' };
    }
    return { message: 'your login is no longer valid', hint: `run '${login}' again` };
  }
  if (/needs an API key/.test(error.message)) {
    return { message: 'this needs a project API key', hint: 'pass --api-key, set TOURNEY_API_KEY or run: tourney config set apiKey tk_...' };
  }
  if (/needs a user access token/.test(error.message)) {
    return { message: 'you are not logged in', hint: `run '${login}' (no account yet? '${signup}')` };
  }
  return { message: 'you are not logged in and no API key is set', hint: `run '${login}' (no account yet? '${signup}'), or pass --api-key` };
}

/** `tournament create` for the command being run (empty for the root). */
export function commandPath(command: Command | undefined): string {
  const names: string[] = [];
  for (let c: Command | null | undefined = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}
