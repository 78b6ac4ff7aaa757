/** Kind of a calendar event (contract: CalendarEventType). */
export type CalendarEventType =
  | 'REGISTRATION_OPENS'
  | 'REGISTRATION_CLOSES'
  | 'CHECK_IN_OPENS'
  | 'TOURNAMENT_START'
  | 'MATCH'
  | 'SEASON_START'
  | 'SEASON_END';

/** One entry of a user's calendar (contract: CalendarEvent); instants are UTC ISO 8601. */
export interface CalendarEvent {
  /** Stable `<kind>:<subject uuid>`, also the iCalendar UID. */
  id: string;
  type: CalendarEventType;
  title: string;
  description: string | null;
  startsAt: string;
  endsAt: string | null;
  /** True for season dates (startsAt is midnight UTC of the date). */
  allDay: boolean;
  tournamentId: string | null;
  matchId: string | null;
  circuitId: string | null;
  seasonId: string | null;
}

/** Filters of the feed and the export (contract: TournamentIdQuery, CircuitIdQuery, FromQuery, ToQuery). */
export interface CalendarFilter {
  tournamentId?: string;
  circuitId?: string;
  /** YYYY-MM-DD, inclusive (events starting on or after 00:00 UTC that day). */
  from?: string;
  /** YYYY-MM-DD, inclusive (events starting before 00:00 UTC the next day). */
  to?: string;
}
