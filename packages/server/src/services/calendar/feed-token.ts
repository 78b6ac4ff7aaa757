/** Prefix of calendar feed tokens (`tcf_` + 43 base64url characters; contract: CalendarFeedToken.token). */
export const FEED_TOKEN_PREFIX = 'tcf_';

const FEED_TOKEN_RE = /^tcf_[A-Za-z0-9_-]{43}$/;

/** True when `value` has the shape of a calendar feed token (checked before any database lookup). */
export const isFeedTokenShape = (value: string): boolean => FEED_TOKEN_RE.test(value);
