import { type SQL, sql } from 'drizzle-orm';

/**
 * Which records a caller may see, as SQL: the project, a table, one section or the caller's own
 * sections, a state. The records list, its counter totals and the GIS map's cells all filter so;
 * written once here so that a section manager's scope cannot be forgotten in one of them (an empty
 * list of sections sees nothing, never everything).
 */
export type ScopeFilter = {
  projectCode?: string | undefined;
  tableCode?: string | undefined;
  sectionCode?: string | undefined;
  /** The caller's sections (a section manager): none → nothing; undefined → every section. */
  sectionCodes?: string[] | undefined;
  state?: string | undefined;
};

/** `column in (…)` with every value bound as a parameter; an empty list matches nothing. */
export function inList(column: SQL, values: readonly string[]): SQL {
  if (!values.length) return sql`false`;
  return sql`${column} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/**
 * The scope's conditions on a table aliased `alias` that has `project_code`, `table_code`,
 * `section_code` and `state` columns: records (`r`), record_counts and record_cells (`c`).
 * The alias is one of two fixed names, never a request's text.
 */
export function scopeConditions(alias: 'r' | 'c', f: ScopeFilter): SQL[] {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [];
  if (f.projectCode !== undefined) parts.push(sql`${col('project_code')} = ${f.projectCode}`);
  if (f.tableCode !== undefined) parts.push(sql`${col('table_code')} = ${f.tableCode}`);
  if (f.sectionCode !== undefined) parts.push(sql`${col('section_code')} = ${f.sectionCode}`);
  if (f.sectionCodes) parts.push(inList(col('section_code'), f.sectionCodes));
  if (f.state !== undefined) parts.push(sql`${col('state')} = ${f.state}`);
  return parts;
}
