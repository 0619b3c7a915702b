/** `%keyword%` for ILIKE, with the pattern's own wildcards escaped so a user's `_` or `%` is literal. */
export function containsPattern(keyword: string | undefined): string | undefined {
  return keyword ? `%${keyword.replace(/[\\%_]/g, '\\$&')}%` : undefined;
}
