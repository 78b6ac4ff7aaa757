import { validatePointMultiplier, validateScoringConfig } from '@tourney/core';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AuthContext } from '../../auth/auth-context';
import { AppError, invalidField, notFound } from '../../errors/app-error';
import type { Db } from '../../db/db';
import { queryPage, toPage, withTotalCap } from '../../db/page-query';
import { newId } from '../../ids';
import { MANAGER_ROLES } from '../access';
import type {
  Circuit,
  CircuitCreate,
  CircuitListQuery,
  CircuitPublic,
  CircuitPublicDetails,
  CircuitTournament,
  CircuitTournamentsQuery,
  CircuitUpdate,
  Classification,
  ClassifyRequest,
  Season,
  SeasonCreate,
  SeasonStartRequest,
  Standing,
  StandingsQuery,
} from '../../contract-types';
import { MANAGE_CIRCUITS, READ_CIRCUITS, READER_ROLES, requireCircuit } from './circuit-access';
import { queryActiveCircuitPage, queryCircuitPage } from './circuit-list-query';
import { toCircuitPublic, toCircuitTournament } from './circuit-mapper';
import { currentSeason, findCircuitRow, findSeasonRows, lockCircuitRow, readCircuit, readCircuits, readPublicCircuits, readSeasonsOf } from './circuit-reader';
import { classifyUnderLock } from './classify';
import { completeSeason, seasonToComplete, seasonToStart, startSeason, type SeasonWriteContext } from './season-lifecycle';
import { querySeasonStandings } from './season-standings';
import type { Page, PageQuery } from '../../db/page-query';
import { findTournamentRow } from '../tournaments/tournament-reader';
import { DomainService } from '../domain-service';
import type { CircuitRow, SeasonRow } from '../../db/rows';
import { storedName, storedNameIfSent } from '../stored-name';
import type { OperationQuery } from '../../contract-operations';
import { deleteCircuitRows } from './circuit-delete';
import { checkSeasonUpdate, deleteUpcomingSeason, writeSeasonUpdate, type SeasonUpdate } from './season-edit';
import { standingsPage } from './standings-page';
import { removeClassification } from './unclassify';

/** The query of listPublicCircuitStandings: seasonId or cumulative, userId, page and limit. */
export type PublicStandingsQuery = OperationQuery<'listPublicCircuitStandings'>;

/** Lines of standings shown on a public circuit page. */
export const PUBLIC_STANDINGS_LINES = 10;

/**
 * Circuits, seasons, classification and standings (R9.1 to R9.19).
 * Reads take a key of the circuit's project with read:circuits or any staff member; writes a key with
 * manage:circuits or staff OWNER/ADMIN/ORGANIZER; another project's circuit is 404. The public operations need no
 * credentials and show ACTIVE and COMPLETED circuits without their project. Every write runs in one transaction
 * with its events: `circuit.season_started`, `circuit.season_ended` (data: circuitId, season) and
 * `circuit.standings_updated` (data: circuitId, seasonId, tournamentId, change). Every write of a circuit's seasons,
 * classifications or standings locks the circuit's row first, and reads what it decides on after that lock.
 */
export class CircuitService extends DomainService {
  /** Locks circuit `id` in `trx` and reads it again (lockCircuitRow). */
  private lockCircuit(trx: Db, id: string): Promise<CircuitRow> {
    return lockCircuitRow(trx, this.deps.dialect, id);
  }

  private async reload(id: string): Promise<Circuit> {
    const row = await findCircuitRow(this.db, id);
    if (!row) throw notFound('circuit');
    return readCircuit(this.db, row);
  }

  private async seasonWith(circuitId: string, seasonId: string): Promise<Season> {
    const seasons = (await readSeasonsOf(this.db, [circuitId])).get(circuitId) ?? [];
    const season = seasons.find((s) => s.id === seasonId);
    if (!season) throw notFound('season');
    return season;
  }

  /** ACTIVE circuits of every project, newest first, public view (R9.19). */
  async listPublicActive(query: PageQuery): Promise<Page<CircuitPublic>> {
    const { rows, total, capped } = await queryActiveCircuitPage(this.db, withTotalCap(query, this.deps.config.listTotalCap));
    return toPage(await readPublicCircuits(this.db, rows), query, total, capped);
  }

  /**
   * An ACTIVE or COMPLETED circuit, public view, with the first lines of its current season's standings.
   * @throws AppError 404 for an unknown or DRAFT circuit.
   */
  async getPublic(id: string): Promise<CircuitPublicDetails> {
    const row = await findCircuitRow(this.db, id);
    if (!row || row.status === 'DRAFT') throw notFound('circuit');
    const seasons = (await readSeasonsOf(this.db, [id])).get(id) ?? [];
    const season = currentSeason(seasons);
    const standings = season ? (await querySeasonStandings(this.db, season.id, { page: 1, limit: PUBLIC_STANDINGS_LINES, totalCap: this.deps.config.listTotalCap })).rows : [];
    return { ...toCircuitPublic(row, seasons), standings };
  }

  /**
   * The project's circuits, newest first, optionally of one status: a key lists its own project; a bearer caller
   * names `projectId` (400 `query.projectId` otherwise) and must be staff of its organization.
   */
  async list(auth: AuthContext, query: CircuitListQuery): Promise<Page<Circuit>> {
    const projectId = await this.access.resolveProjectToList(auth, query.projectId, { roles: READER_ROLES, resource: 'project' });
    const { rows, total, capped } = await queryCircuitPage(this.db, projectId, withTotalCap(query, this.deps.config.listTotalCap));
    return toPage(await readCircuits(this.db, rows), query, total, capped);
  }

  /** Creates a DRAFT circuit without seasons in the key's project or `input.projectId` (staff managers). */
  async create(auth: AuthContext, input: CircuitCreate): Promise<Circuit> {
    const { projectId } = await this.access.resolveProjectForCreate(auth, input.projectId, {
      scope: 'manage:circuits',
      roles: MANAGER_ROLES,
      resource: 'project',
    });
    const id = newId();
    const now = this.now();
    await this.db
      .insertInto('circuits')
      .values({
        id,
        project_id: projectId,
        name: storedName(input.name, 'body.name'),
        description: input.description ?? null,
        discipline_id: input.disciplineId ?? null,
        status: 'DRAFT',
        created_at: now,
        updated_at: now,
      })
      .execute();
    return this.reload(id);
  }

  /** The circuit with all its seasons. @throws AppError 404. */
  async get(auth: AuthContext, id: string): Promise<Circuit> {
    const { row } = await requireCircuit(this.db, this.access, auth, id, READ_CIRCUITS);
    return readCircuit(this.db, row);
  }

  /**
   * Partial update of name, description and disciplineId.
   * @throws AppError 409 CONFLICT naming `body.disciplineId` when a classified tournament has another discipline.
   */
  async update(auth: AuthContext, id: string, input: CircuitUpdate): Promise<Circuit> {
    await requireCircuit(this.db, this.access, auth, id, MANAGE_CIRCUITS);
    await this.db.transaction().execute(async (trx) => {
      // Under the circuit's lock, which classify takes too: the discipline is checked against the classifications as
      // they are, and the row is written back from a fresh read, undoing no concurrent update (R9.2, R18.12).
      await this.deps.dialect.lockRows(trx, 'circuits', [id]);
      const row = await findCircuitRow(trx, id);
      if (!row) throw notFound('circuit');
      const discipline = input.disciplineId !== undefined ? input.disciplineId : row.discipline_id;
      if (discipline !== null && discipline !== row.discipline_id) {
        const other = await trx
          .selectFrom('circuit_classifications')
          .select('discipline_id')
          .where('circuit_id', '=', id)
          .where('discipline_id', '!=', discipline)
          .executeTakeFirst();
        if (other) {
          throw new AppError('CONFLICT', `body.disciplineId: a tournament of discipline ${other.discipline_id} is already classified`, {
            details: [{ path: 'body.disciplineId', message: `a tournament of discipline ${other.discipline_id} is already classified` }],
          });
        }
      }
      await trx
        .updateTable('circuits')
        .set({
          name: storedNameIfSent(input.name, 'body.name') ?? row.name,
          description: input.description !== undefined ? input.description : row.description,
          discipline_id: discipline,
          updated_at: this.now(),
        })
        .where('id', '=', id)
        .execute();
    });
    return this.reload(id);
  }

  /**
   * A page of standings (openapi `getCircuitStandings`): of `seasonId`, else of the current season (ACTIVE, else
   * latest COMPLETED, else first UPCOMING), or with `cumulative` over every season.
   * @throws AppError 400 naming `query.cumulative` when combined with seasonId; 404 unknown season or no season.
   */
  async getStandings(auth: AuthContext, id: string, query: StandingsQuery): Promise<Page<Standing>> {
    await requireCircuit(this.db, this.access, auth, id, READ_CIRCUITS);
    return standingsPage(this.db, id, withTotalCap(query, this.deps.config.listTotalCap));
  }

  /**
   * The public standings of an ACTIVE or COMPLETED circuit (openapi listPublicCircuitStandings, no credentials): a page
   * of the current season's standings, of `seasonId`, or with `cumulative` of every season, the lines of getCircuitPublic
   * (no private field); `userId` keeps one player's line, ranked as in the full standings.
   * @throws AppError 404 for an unknown or DRAFT circuit or a season not of the circuit; 400 naming
   *   `query.cumulative` when combined with seasonId.
   */
  async getPublicStandings(id: string, query: PublicStandingsQuery): Promise<Page<Standing>> {
    const row = await findCircuitRow(this.db, id);
    if (!row || row.status === 'DRAFT') throw notFound('circuit');
    return standingsPage(this.db, id, withTotalCap(query, this.deps.config.listTotalCap));
  }

  /**
   * Adds an UPCOMING season numbered after the last one (R9.5). A COMPLETED circuit becomes ACTIVE again: it has a
   * season to come, as between two seasons (next year's season of a yearly circuit, its cumulative standings going
   * on). The scoring configuration is checked by core (400 naming e.g. `body.scoring.placements["3-4"]` for
   * overlapping ranges).
   * @throws AppError 400 `body.endDate` before startDate.
   */
  async createSeason(auth: AuthContext, id: string, input: SeasonCreate): Promise<Season> {
    await requireCircuit(this.db, this.access, auth, id, MANAGE_CIRCUITS);
    const scoring = validateScoringConfig(input.scoring, 'body.scoring');
    if (input.endDate < input.startDate) throw invalidField('body.endDate', `must be on or after startDate (${input.startDate})`);
    const seasonId = newId();
    const now = this.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        // Seasons of one circuit are numbered one after the other, also when two are added at once; completing a
        // season takes the same lock, so it sees this season or the circuit's reopening follows its completion.
        await this.lockCircuit(trx, id);
        const last = await trx
          .selectFrom('circuit_seasons')
          .select((eb) => eb.fn.max('number').as('number'))
          .where('circuit_id', '=', id)
          .executeTakeFirst();
        await trx
          .insertInto('circuit_seasons')
          .values({
            id: seasonId,
            circuit_id: id,
            number: Number(last?.number ?? 0) + 1,
            name: storedName(input.name, 'body.name'),
            status: 'UPCOMING',
            start_date: input.startDate,
            end_date: input.endDate,
            scoring: JSON.stringify(scoring),
            created_at: now,
            updated_at: now,
            started_at: null,
            completed_at: null,
          })
          .execute();
        await trx
          .updateTable('circuits')
          .set((eb) => ({ updated_at: now, status: eb.case().when('status', '=', 'COMPLETED').then('ACTIVE').else(eb.ref('status')).end() }))
          .where('id', '=', id)
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'another season was added at the same time; try again');
      throw error;
    }
    return this.seasonWith(id, seasonId);
  }

  /** One season of the circuit. @throws AppError 404. */
  async getSeason(auth: AuthContext, id: string, seasonId: string): Promise<Season> {
    await requireCircuit(this.db, this.access, auth, id, READ_CIRCUITS);
    return this.seasonWith(id, seasonId);
  }

  /** The classified tournaments, most recently classified first, optionally of one season (404 when not the circuit's). */
  async listTournaments(auth: AuthContext, id: string, query: CircuitTournamentsQuery): Promise<Page<CircuitTournament>> {
    await requireCircuit(this.db, this.access, auth, id, READ_CIRCUITS);
    if (query.seasonId !== undefined) await this.seasonWith(id, query.seasonId);
    let base = this.db.selectFrom('circuit_classifications').where('circuit_id', '=', id);
    if (query.seasonId !== undefined) base = base.where('season_id', '=', query.seasonId);
    const { rows, total, capped } = await queryPage(base, withTotalCap(query, this.deps.config.listTotalCap), (b) => b.selectAll().orderBy('classified_at', 'desc').orderBy('id', 'desc'));
    return toPage(rows.map(toCircuitTournament), query, total, capped);
  }

  /**
   * Classifies a COMPLETED tournament of the circuit's project into the ACTIVE season, once per circuit
   * (see circuits/classify.ts and circuits/classification-awards.ts).
   * @throws AppError 404 tournament of another project; 409 CONFLICT already classified or other discipline;
   *   409 INVALID_STATE tournament not COMPLETED or no ACTIVE season.
   */
  async classify(auth: AuthContext, id: string, tournamentId: string, input: ClassifyRequest | undefined): Promise<Classification> {
    const { row } = await requireCircuit(this.db, this.access, auth, id, MANAGE_CIRCUITS);
    const multiplier = validatePointMultiplier(input?.pointMultiplier ?? 1, 'body.pointMultiplier');
    const tournament = await findTournamentRow(this.db, tournamentId);
    if (!tournament || tournament.project_id !== row.project_id) throw notFound('tournament');
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      // The circuit is locked first, as adding, starting, completing, changing or deleting a season, removing a
      // classification and deleting the circuit lock it, and everything decided on is read after it: the season cannot
      // complete between writeClassification's check that it is ACTIVE and its writes, a circuit deleted meanwhile is
      // 404, and the classification's foreign key to the circuit cannot wait on a completion holding the circuit while
      // it waits on this season (a deadlock). The discipline is read under the lock an update of the circuit takes.
      const circuit = await this.lockCircuit(trx, id);
      return classifyUnderLock(trx, this.deps, circuit, tournament, multiplier, now);
    });
  }


  /**
   * Takes a classified tournament out of the circuit while its season is ACTIVE (openapi unclassifyTournament; see
   * circuits/unclassify.ts): its awards go, the season's standings are recomputed as if it had never been classified
   * and `circuit.standings_updated` (change `UNCLASSIFIED`) is recorded; the tournament may be classified again.
   * @throws AppError 404 unknown circuit or tournament not classified in it; 409 INVALID_STATE its season COMPLETED.
   */
  async unclassify(auth: AuthContext, id: string, tournamentId: string): Promise<void> {
    await requireCircuit(this.db, this.access, auth, id, MANAGE_CIRCUITS);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      // The circuit's lock, as classify and the season moves take it first: a completion or a classification of the
      // season waits for the recomputed standings, or is seen before the classification is looked up (R18.12).
      const circuit = await this.lockCircuit(trx, id);
      await removeClassification(trx, this.deps, circuit, tournamentId, now);
    });
  }

  /**
   * Partial update of a season (openapi updateCircuitSeason): name, dates and scoring while UPCOMING, only the name
   * once started (see circuits/season-edit.ts).
   * @throws AppError 400 blank name, invalid scoring or end before start (naming the field); 404 unknown season;
   *   409 INVALID_STATE naming each field a started season cannot change.
   */
  async updateSeason(auth: AuthContext, id: string, seasonId: string, input: SeasonUpdate): Promise<Season> {
    await requireCircuit(this.db, this.access, auth, id, MANAGE_CIRCUITS);
    const update = checkSeasonUpdate(input);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      // Under the circuit's lock, which starting a season takes: a season cannot start between the status check and
      // the new scoring, so no ACTIVE season's points were ever given by another scoring (R9.7).
      await this.lockCircuit(trx, id);
      const season = (await findSeasonRows(trx, id)).find((s) => s.id === seasonId);
      if (!season) throw notFound('season');
      await writeSeasonUpdate(trx, season, update, now);
    });
    return this.seasonWith(id, seasonId);
  }

  /**
   * Deletes an UPCOMING season (openapi deleteCircuitSeason; see circuits/season-edit.ts: the other seasons keep their
   * numbers; an ACTIVE circuit left with no ACTIVE or UPCOMING season becomes COMPLETED, a DRAFT one stays DRAFT).
   * @throws AppError 404 unknown season; 409 INVALID_STATE for a season that has started.
   */
  async deleteSeason(auth: AuthContext, id: string, seasonId: string): Promise<void> {
    await requireCircuit(this.db, this.access, auth, id, MANAGE_CIRCUITS);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      // Under the circuit's lock, which starting a season takes: a season starting meanwhile is seen as ACTIVE (409).
      const circuit = await this.lockCircuit(trx, id);
      const season = (await findSeasonRows(trx, id)).find((s) => s.id === seasonId);
      if (!season) throw notFound('season');
      await deleteUpcomingSeason(trx, circuit, season, now);
    });
  }

  /**
   * Deletes a circuit in any status with its seasons, classifications, awards and standings (openapi deleteCircuit;
   * see circuits/circuit-delete.ts). A write of the circuit waiting on its lock then finds it gone (404).
   * @throws AppError 404 unknown circuit (or another project's).
   */
  async remove(auth: AuthContext, id: string): Promise<void> {
    await requireCircuit(this.db, this.access, auth, id, MANAGE_CIRCUITS);
    await this.db.transaction().execute(async (trx) => {
      await this.lockCircuit(trx, id);
      await deleteCircuitRows(trx, id);
    });
  }

  private async transitionSeason(
    auth: AuthContext,
    id: string,
    pick: (seasons: SeasonRow[]) => SeasonRow,
    run: (ctx: SeasonWriteContext, season: SeasonRow) => Promise<Season>,
  ): Promise<Season> {
    await requireCircuit(this.db, this.access, auth, id, MANAGE_CIRCUITS);
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      // The season is picked under the circuit's lock, which every write of its seasons takes: a season added
      // meanwhile is seen by the completion's UPCOMING check, one deleted or changed meanwhile is picked as it now is
      // (a deleted seasonId is 404), and a circuit deleted meanwhile is 404.
      const circuit = await this.lockCircuit(trx, id);
      const season = pick(await findSeasonRows(trx, id));
      return run({ db: trx, sink: this.deps, circuit, now }, season);
    });
  }

  /**
   * Starts the next UPCOMING season (or `input.seasonId`); the circuit becomes ACTIVE (event circuit.season_started).
   * @throws AppError 409 INVALID_STATE when a season is ACTIVE or none is UPCOMING; 404 unknown seasonId.
   */
  startSeason(auth: AuthContext, id: string, input: SeasonStartRequest | undefined): Promise<Season> {
    return this.transitionSeason(auth, id, (seasons) => seasonToStart(seasons, input?.seasonId), startSeason);
  }

  /**
   * Completes the ACTIVE season and finalizes its standings (event circuit.season_ended); the circuit becomes
   * COMPLETED when no UPCOMING season remains. @throws AppError 409 INVALID_STATE when no season is ACTIVE.
   */
  completeSeason(auth: AuthContext, id: string): Promise<Season> {
    return this.transitionSeason(auth, id, seasonToComplete, completeSeason);
  }
}
