import type {
  ParticipantCounts,
  ParticipantStatus,
  Stage,
  StageFormat,
  StageStatus,
  Tournament,
  TournamentStatus,
} from '../../contract-types';
import { parseStageSettings, withFormatDefaults } from '../stages/stage-settings';
import type { StageRow, TournamentRow } from '../../db/rows';

/** The columns of a stages row that the API `Stage` shows. */
export type StageFields = Pick<StageRow, 'id' | 'number' | 'name' | 'format' | 'status' | 'settings'>;

/** Maps a stages row (or its shown columns) to the API `Stage`. */
export function toStage(row: StageFields): Stage {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    format: row.format as StageFormat,
    status: row.status as StageStatus,
    settings: withFormatDefaults(row.format, parseStageSettings(row.settings)),
  };
}

/** Which `participantCounts` field counts each participant status. */
const COUNT_FIELD: Record<ParticipantStatus, keyof ParticipantCounts> = {
  REGISTERED: 'registered',
  CHECKED_IN: 'checkedIn',
  ACTIVE: 'active',
  ELIMINATED: 'eliminated',
  DISQUALIFIED: 'disqualified',
  WITHDRAWN: 'withdrawn',
  NO_SHOW: 'noShow',
  WAITLISTED: 'waitlisted',
};

/** Folds `(status, count)` groups into `participantCounts` (unknown statuses are ignored). */
export function countsFromGroups(groups: readonly { status: string; count: number | string | bigint }[]): Required<ParticipantCounts> {
  const counts: Required<ParticipantCounts> = {
    registered: 0,
    checkedIn: 0,
    active: 0,
    eliminated: 0,
    disqualified: 0,
    withdrawn: 0,
    noShow: 0,
    waitlisted: 0,
  };
  for (const g of groups) {
    const field = COUNT_FIELD[g.status as ParticipantStatus];
    if (field) counts[field] += Number(g.count);
  }
  return counts;
}

/**
 * Participants holding a place in the tournament: every status except WITHDRAWN and WAITLISTED (openapi
 * `currentParticipants`; participant-status.ts `PLACE_HOLDING_STATUSES`). This is the number `maxParticipants` caps.
 */
export function holdingPlaces(counts: Required<ParticipantCounts>): number {
  return counts.registered + counts.checkedIn + counts.active + counts.eliminated + counts.disqualified + counts.noShow;
}

/** Maps a tournaments row, its stages (in number order) and its participant counts to the API `Tournament`. */
export function toTournament(row: TournamentRow, stages: Stage[], counts: Required<ParticipantCounts>): Tournament {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    description: row.description,
    disciplineId: row.discipline_id,
    status: row.status as TournamentStatus,
    maxParticipants: row.max_participants,
    currentParticipants: holdingPlaces(counts),
    teamSize: row.team_size,
    startDate: row.start_date,
    registrationOpensAt: row.registration_opens_at,
    registrationClosesAt: row.registration_closes_at,
    checkInRequired: row.check_in_required === 1,
    checkInOpensMinutesBefore: row.check_in_opens_minutes_before,
    waitlistCapacity: row.waitlist_capacity,
    stages,
    participantCounts: counts,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
  };
}
