import type { StageSettings, TournamentCloneRequest, TournamentCreate } from '../../contract-types';
import type { StageRow, TournamentRow } from '../../db/rows';
import { parseStageSettings } from '../stages/stage-settings';

/** Most characters of a tournament name (contract `TournamentCreate.name`). */
const NAME_MAX = 120;
/** What a copy's default name ends with. */
const COPY_SUFFIX = ' (copy)';

/** `instant` (UTC ISO 8601) moved by `offsetMs` milliseconds; null stays null. */
function moved(instant: string | null, offsetMs: number): string | null {
  return instant === null ? null : new Date(Date.parse(instant) + offsetMs).toISOString();
}

/**
 * The body that creates the copy of a tournament (cloneTournament, R5.17), for TournamentService.create: the
 * original's settings and stages (format and stored settings; an explicit group draw is not copied, it names the
 * original's participants), named `request.name` or the original's name followed by " (copy)" (cut to 120
 * characters), starting at `request.startDate` or the original's start. The registration instants and each stage's
 * `startsAt` keep their offsets from the start. `projectId` is the original's project. Pure: no I/O, no checks
 * (create checks the body as it checks any other).
 */
export function cloneBody(row: TournamentRow, stages: readonly StageRow[], request: TournamentCloneRequest = {}): TournamentCreate {
  const startDate = request.startDate !== undefined ? new Date(request.startDate).toISOString() : row.start_date;
  const offsetMs = Date.parse(startDate) - Date.parse(row.start_date);
  return {
    projectId: row.project_id,
    name: request.name ?? `${row.name.slice(0, NAME_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`,
    description: row.description,
    disciplineId: row.discipline_id,
    maxParticipants: row.max_participants,
    teamSize: row.team_size,
    startDate,
    registrationOpensAt: moved(row.registration_opens_at, offsetMs),
    registrationClosesAt: moved(row.registration_closes_at, offsetMs),
    checkInRequired: row.check_in_required === 1,
    checkInOpensMinutesBefore: row.check_in_opens_minutes_before,
    waitlistCapacity: row.waitlist_capacity,
    stages: [...stages]
      .sort((a, b) => a.number - b.number)
      .map((stage) => {
        const settings: StageSettings = { ...parseStageSettings(stage.settings) };
        if (typeof settings.startsAt === 'string') settings.startsAt = moved(settings.startsAt, offsetMs) as string;
        return { name: stage.name, format: stage.format as TournamentCreate['stages'][number]['format'], settings };
      }),
  };
}
