import type { GamingPlatform } from '../../contract-types';

/** How a platform's account id looks and how it is compared. */
export interface PlatformRule {
  /** What a valid id looks like, for the 400 message. */
  expected: string;
  pattern: RegExp;
  /** The comparison key: one account is linked to one user at most (case-insensitive for name-based ids). */
  key(accountId: string): string;
}

const exact = (id: string) => id;
const folded = (id: string) => id.normalize('NFC').toLowerCase();

/**
 * Account id formats per platform (contract: GamingPlatform): steam SteamID64, riot Riot ID, epic account id,
 * battlenet BattleTag, xbox gamertag, psn online ID, discord user id (snowflake).
 */
export const PLATFORM_RULES: Readonly<Record<GamingPlatform, PlatformRule>> = {
  steam: { expected: 'a SteamID64: 17 digits starting with 7656119', pattern: /^7656119\d{10}$/, key: exact },
  riot: {
    expected: 'a Riot ID gameName#tagLine (3-16 characters, #, 3-5 letters or digits)',
    pattern: /^[^#\p{C}]{3,16}#[\p{L}\p{N}]{3,5}$/u,
    key: folded,
  },
  epic: { expected: 'an Epic account id: 32 hexadecimal characters', pattern: /^[0-9a-fA-F]{32}$/, key: folded },
  battlenet: {
    expected: 'a BattleTag Name#1234 (3-12 letters or digits starting with a letter, #, 4-8 digits)',
    pattern: /^\p{L}[\p{L}\p{N}]{2,11}#\d{4,8}$/u,
    key: folded,
  },
  xbox: {
    expected: 'an Xbox gamertag (1-15 letters, digits or spaces starting with a letter, optional #1234 suffix)',
    pattern: /^[A-Za-z][A-Za-z0-9 ]{0,14}(#\d{1,4})?$/,
    key: folded,
  },
  psn: {
    expected: 'a PSN online ID (3-16 letters, digits, - or _, starting with a letter)',
    pattern: /^[A-Za-z][A-Za-z0-9_-]{2,15}$/,
    key: folded,
  },
  discord: { expected: 'a Discord user id: 17-20 digits', pattern: /^\d{17,20}$/, key: exact },
};
