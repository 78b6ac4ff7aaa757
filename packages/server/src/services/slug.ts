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
 * The first of `base`, `base-2`, `base-3` ... that is not in `taken`, kept within `maxLength` by shortening
 * the base.
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>, maxLength = MAX_SLUG_LENGTH): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, maxLength - suffix.length).replace(/-+$/g, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
