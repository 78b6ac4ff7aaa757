/** Maximum slug length (contract: Organization.slug). */
export const MAX_SLUG_LENGTH = 64;

/**
 * A URL-friendly slug from a display name: lower-case ASCII letters, digits and single dashes, no dash at either
 * end, at most `maxLength` characters; accents are dropped ("Équipe Zürich!" -> "equipe-zurich"). Falls back to
 * `fallback` when nothing is left.
 */
export function slugify(name: string, fallback = 'org', maxLength = MAX_SLUG_LENGTH): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/**
 * The `n`-th slug to try for `base` (n from 1): `base`, then `base-2`, `base-3` ..., kept within `maxLength` by
 * shortening the base.
 */
export function slugCandidate(base: string, n: number, maxLength = MAX_SLUG_LENGTH): string {
  if (n === 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, maxLength - suffix.length).replace(/-+$/g, '')}${suffix}`;
}

/** The first of `base`, `base-2`, `base-3` ... (see {@link slugCandidate}) that is not in `taken`. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>, maxLength = MAX_SLUG_LENGTH): string {
  for (let n = 1; ; n++) {
    const candidate = slugCandidate(base, n, maxLength);
    if (!taken.has(candidate)) return candidate;
  }
}
