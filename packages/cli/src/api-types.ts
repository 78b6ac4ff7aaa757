import type { components } from '@tourney/sdk';

type Schemas = components['schemas'];

/** API resource shapes the CLI prints (generated from openapi.yaml through the SDK). */
export type Tournament = Schemas['Tournament'];
/** Tournament status (DRAFT ... COMPLETED). */
export type TournamentStatus = Schemas['TournamentStatus'];
/** Stage format (SINGLE_ELIMINATION ...). */
export type StageFormat = Schemas['StageFormat'];
/** A registered participant. */
export type Participant = Schemas['Participant'];
/** Participant status. */
export type ParticipantStatus = Schemas['ParticipantStatus'];
/** A match with both sides. */
export type Match = Schemas['Match'];
/** Match status. */
export type MatchStatus = Schemas['MatchStatus'];
/** The bracket of a tournament. */
export type Bracket = Schemas['Bracket'];
/** Pagination block of a list. */
export type Pagination = Schemas['Pagination'];
/** Tokens answered by login, register and refresh. */
export type AuthTokens = Schemas['AuthTokens'];
/** A stage of a tournament, with its settings. */
export type Stage = Schemas['Stage'];
/** A tournament the caller plays in, with her participant (GET /users/me/tournaments). */
export type MyTournament = Schemas['MyTournament'];
/** One of the caller's matches with its tournament (GET /users/me/matches). */
export type MyMatch = Schemas['MyMatch'];
