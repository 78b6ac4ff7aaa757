import type { StageSettings, TournamentCloneRequest, TournamentCreate } from '../../contract-types';
import type { StageRow, TournamentRow } from '../../db/rows';
import { AppError, invalidField, isAppError } from '../../errors/app-error';
import { parseStageSettings } from '../stages/stage-settings';

/** Most characters of a tournament name (contract `TournamentCreate.name`: JSON Schema counts code points). */
const NAME_MAX = 120;
/** What a copy's default name ends with. */
const COPY_SUFFIX = ' (copy)';
/** First and last instants the contract's dates take (years 0000 to 9999, R2.13). */
const FIRST_INSTANT = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * The default name of a copy (R5.17): `name` followed by " (copy)", within 120 code points. What has to go is cut at a
 * grapheme boundary (never half an emoji, a flag or an accented letter), and the spaces before the suffix are trimmed.
 */
export function copyName(name: string): string {
  const room = NAME_MAX - [...COPY_SUFFIX].length;
  let kept = '';
  let length = 0;
  for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(name)) {
    const points = [...segment].length;
    if (length + points > room) break;
    kept += segment;
    length += points;
  }
  return `${kept.trimEnd()}${COPY_SUFFIX}`;
}

/**
 * `instant` (UTC ISO 8601) moved by `offsetMs` milliseconds; null stays null.
 * @throws AppError 400 naming `body.startDate` when the moved instant (`what`) leaves the years 0000 to 9999.
 */
function moved(instant: string | null, offsetMs: number, what: string): string | null {
  if (instant === null) return null;
  const at = Date.parse(instant) + offsetMs;
  if (!(at >= FIRST_INSTANT && at <= LAST_INSTANT)) {
    throw invalidField('body.startDate', `moves the copy's ${what} outside the years 0000 to 9999`);
  }
  return new Date(at).toISOString();
}

/**
 * The error of creating a copy whose refusal is not about the clone body (R5.17): the original's stored settings,
 * which an earlier version accepted, fail today's checks. 409 CONFLICT naming them as `original.<field>` (the caller
 * sent none of them, and a COMPLETED original cannot be changed): the new edition is then created with
 * createTournament. Other errors are returned as they are.
 */
export function cloneRefusal(error: unknown): unknown {
  if (!isAppError(error, 'VALIDATION_ERROR') || !error.details) return error;
  const original = error.details.filter((d) => d.path !== 'body.name' && d.path !== 'body.startDate');
  if (original.length === 0) return error;
  const details = original.map((d) => ({ path: d.path.replace(/^body\./, 'original.'), message: d.message }));
  return new AppError(
    'CONFLICT',
    `the original's settings fail today's checks (${details.map((d) => `${d.path}: ${d.message}`).join('; ')}): create the new edition with createTournament`,
    { details },
  );
}

/**
 * The body that creates the copy of a tournament (cloneTournament, R5.17), for TournamentService.create: the
 * original's settings and stages (format and stored settings; an explicit group draw is not copied, it names the
 * original's participants), named `request.name` or the original's name followed by " (copy)" (cut to 120
 * characters), starting at `request.startDate` or the original's start. The registration instants and each stage's
 * `startsAt` keep their offsets from the start. `projectId` is the original's project. Pure: no I/O; create checks
 * the body as it checks any other (cloneRefusal words its refusals of the original's settings).
 * @throws AppError 400 naming `body.startDate` when it moves an instant outside the years 0000 to 9999.
 */
export function cloneBody(row: TournamentRow, stages: readonly StageRow[], request: TournamentCloneRequest = {}): TournamentCreate {
  const startDate = request.startDate !== undefined ? new Date(request.startDate).toISOString() : row.start_date;
  const offsetMs = Date.parse(startDate) - Date.parse(row.start_date);
  return {
    projectId: row.project_id,
    name: request.name ?? copyName(row.name),
    description: row.description,
    disciplineId: row.discipline_id,
    maxParticipants: row.max_participants,
    teamSize: row.team_size,
    startDate,
    registrationOpensAt: moved(row.registration_opens_at, offsetMs, 'registrationOpensAt'),
    registrationClosesAt: moved(row.registration_closes_at, offsetMs, 'registrationClosesAt'),
    checkInRequired: row.check_in_required === 1,
    checkInOpensMinutesBefore: row.check_in_opens_minutes_before,
    waitlistCapacity: row.waitlist_capacity,
    stages: [...stages]
      .sort((a, b) => a.number - b.number)
      .map((stage) => {
        const settings: StageSettings = { ...parseStageSettings(stage.settings) };
        if (typeof settings.startsAt === 'string') settings.startsAt = moved(settings.startsAt, offsetMs, `stage ${stage.number} startsAt`) as string;
        return { name: stage.name, format: stage.format as TournamentCreate['stages'][number]['format'], settings };
      }),
  };
}
