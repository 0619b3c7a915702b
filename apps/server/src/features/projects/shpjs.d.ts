/** The two readers of shpjs 6 that boundaryFile.ts uses (the package ships no types). */
declare module 'shpjs' {
  /** Geometries of a .shp, converted to WGS 84 through the .prj's WKT when one is given. */
  export function parseShp(
    shp: ArrayBuffer | ArrayBufferView,
    prj?: string,
  ): ({ type: string; coordinates: unknown } | null)[];
  /** Rows of a .dbf decoded with the .cpg's encoding name. */
  export function parseDbf(dbf: ArrayBuffer | ArrayBufferView, encoding?: string): Record<string, unknown>[];
}
