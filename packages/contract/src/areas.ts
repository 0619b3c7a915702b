import { z } from 'zod';

/** An area as the area calls answer it (spec §3 "Area entry"). */
export const areaEntry = z.object({
  code: z.string(),
  name: z.string(),
  father: z.string().nullable(),
  sort: z.number(),
});
export type AreaNode = { value: string; label: string; children?: AreaNode[] };
export const areaNode: z.ZodType<AreaNode> = z.lazy(() =>
  z.object({ value: z.string(), label: z.string(), children: z.array(areaNode).optional() }),
);
