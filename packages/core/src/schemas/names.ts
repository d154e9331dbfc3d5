// Name rules shared by the sign-up form and the server.
/** First letter upper, rest lower (SPEC §5), applied per word part. */
export function capitalizeName(value: string): string {
  const trimmed = value.trimStart();
  if (!trimmed) return trimmed;
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1).toLowerCase();
}

/** Year options of a college, sorted alphabetically (SPEC §5). */
export const sortedYears = (years: readonly string[]): string[] =>
  [...years].sort((a, b) => a.localeCompare(b));

/** 'CLASS OF' year: the second part of a year group such as 'First Year, 2025-2026' → '2026'. */
export function classOfYear(yearGroup: string): string {
  const second = yearGroup.split(',')[1]?.trim() ?? yearGroup;
  const parts = second.split('-');
  return (parts[1] ?? parts[0] ?? '').trim();
}

/**
 * The email rule shared by the sign-up form and the server (the same pattern zod's z.email() uses).
 * Kept free of zod so the web entry bundle does not carry the schema library.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const isValidEmail = (value: string): boolean => value.length <= 254 && EMAIL_PATTERN.test(value);
