import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** A 6 × 5.5 km square near 华埠镇 (KH2026's demo records lie around it), as an imported outline. */
export const squareOutline = [
  [
    [
      [118.38, 29.1],
      [118.44, 29.1],
      [118.44, 29.15],
      [118.38, 29.15],
      [118.38, 29.1],
    ],
  ],
];

/** Gives KH2026's `codes` sections that outline (tests of the place checks). */
export async function giveSquareOutline(db: Executor, codes: string[]): Promise<void> {
  await db.execute(
    sql`update sections set boundary = ${JSON.stringify(squareOutline)}::jsonb, boundary_vertices = 5
      where project_code = 'KH2026' and code = any(${`{${codes.join(',')}}`}::text[])`,
  );
}
