import type { MatchSlot } from '../formats/types';
import { sideConflict, sidePreference, type SidePreference, type SideStrength } from './swiss-sides';

// The field of a Swiss round as the pairing sees it: players in rank order, their score groups and side
// preferences, and the side conflicts of pairing two of them (R7.11).

/** A participant to pair in a Swiss round, as the current standings see them. */
export interface SwissPlayer {
  id: string;
  /** Points so far (score groups are players with equal points). */
  points: number;
  /** Ids of the opponents already met in this stage. */
  opponents: ReadonlySet<string>;
  /** Whether the participant already had a bye in this stage. */
  hadBye: boolean;
  /** Slots taken in the matches played so far, oldest first (byes left out); none when omitted. */
  sides?: readonly MatchSlot[];
}

/** Players of a round in rank order with their score groups, meetings and side preferences. */
export interface Field {
  players: readonly SwissPlayer[];
  /** Score-group index per player (0 = most points); players are in rank order. */
  group: number[];
  /** Position within its score group. */
  pos: number[];
  groupSize: number[];
  met: (i: number, j: number) => boolean;
  /** Side preference per player. */
  preference: SidePreference[];
  /** Whether two players with the same absolute side preference float rather than meet (`SwissPairingOptions`). */
  absoluteSides: boolean;
}

/** The field of `players` (rank order; score groups are runs of equal points). */
export function buildField(players: readonly SwissPlayer[], absoluteSides: boolean): Field {
  const group: number[] = [];
  const pos: number[] = [];
  const groupSize: number[] = [];
  players.forEach((p, i) => {
    if (i === 0 || p.points !== (players[i - 1] as SwissPlayer).points) groupSize.push(0);
    const g = groupSize.length - 1;
    group.push(g);
    pos.push(groupSize[g] as number);
    groupSize[g] = (groupSize[g] as number) + 1;
  });
  const met = (i: number, j: number) => (players[i] as SwissPlayer).opponents.has((players[j] as SwissPlayer).id);
  const preference = players.map((p) => sidePreference(p.sides ?? []));
  return { players, group, pos, groupSize, met, preference, absoluteSides };
}

/** How badly pairing i and j leaves one without its side (`sideConflict`): 0 none, 1 mild, 2 strong, 3 absolute. */
export function sideLevel(field: Field, i: number, j: number): SideStrength {
  return sideConflict(field.preference[i] as SidePreference, field.preference[j] as SidePreference);
}

/** Whether i and j have the same absolute side preference. */
export function absoluteConflict(field: Field, i: number, j: number): boolean {
  return sideLevel(field, i, j) === 3;
}
