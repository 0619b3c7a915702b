import type {
  boundaryImportQuery,
  BoundaryImportValue,
  SectionBoundaryItem,
  SectionItem,
} from '@pineguard/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { audit } from '../../platform/audit.ts';
import { fail } from '../../platform/errors.ts';
import { countyBox } from '../../platform/geo/countyBounds.ts';
import { areaNames } from '../areas/index.ts';
import { type BoundaryFeature, readBoundaryFile } from './boundaryFile.ts';
import * as q from './queries.ts';
import * as s from './sectionQueries.ts';

/**
 * Section boundaries (issue 15): imported from a shapefile or GeoJSON (read by boundaryFile.ts),
 * matched to sections, drawn by the maps, cleared.
 */

/** Every section of the project with its boundary (null when none was imported): what maps draw. */
export async function sectionBoundaries(deps: AppDeps, projectCode: string): Promise<SectionBoundaryItem[]> {
  const rows = await s.sectionBoundaries(deps.database.db, projectCode);
  return rows.map((r) => ({ ...r, boundary: r.boundary ?? null }));
}

/**
 * Reads a boundary file and says which feature goes to which section (`preview`), or also stores
 * the boundaries (`apply`): features go by `matchField` (its value is a section's code or name)
 * or all to `sectionId`. A section given several features gets them all as one MultiPolygon.
 */
export async function importBoundaries(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  file: { name: string; bytes: Buffer },
  query: z.output<typeof boundaryImportQuery>,
): Promise<BoundaryImportValue> {
  const { db } = deps.database;
  const project = await q.findProject(db, projectCode);
  if (!project) throw fail.notFound();
  const county = project.areaCode.slice(0, 6);
  const countyName = (await areaNames(db, [county])).get(county) ?? county;
  const read = await readBoundaryFile(file.name, file.bytes, countyBox(county), countyName);
  const sections = await s.listSections(db, projectCode);
  let target: ((f: BoundaryFeature) => SectionItem | undefined) | null = null;
  let matchField: string | null = null;
  if (query.sectionId) {
    const one = sections.find((s) => s.id === query.sectionId);
    if (!one) throw fail.invalid('sectionNotFound');
    target = () => one;
  } else {
    const byKey = new Map<string, SectionItem>();
    for (const s of sections) {
      byKey.set(s.name.trim(), s);
      byKey.set(s.code.toUpperCase(), s);
    }
    const matchOf = (field: string) => (f: BoundaryFeature) => {
      const value = f.properties[field]?.trim() ?? '';
      return byKey.get(value.toUpperCase()) ?? byKey.get(value);
    };
    if (query.matchField) {
      if (!read.fields.includes(query.matchField)) {
        throw fail.invalid('boundaryFieldUnknown', {
          field: query.matchField,
          fields: read.fields.join('、') || '—',
        });
      }
      matchField = query.matchField;
    } else {
      // A preview guesses the attribute that names the most sections.
      let best = 0;
      for (const field of read.fields) {
        const hits = read.features.filter((f) => matchOf(field)(f)).length;
        if (hits > best) [best, matchField] = [hits, field];
      }
    }
    if (matchField) target = matchOf(matchField);
  }
  const matched = new Map<string, { section: SectionItem; features: BoundaryFeature[] }>();
  const features = read.features.map((f) => {
    const section = target?.(f);
    if (section) {
      const entry = matched.get(section.id) ?? { section, features: [] };
      entry.features.push(f);
      matched.set(section.id, entry);
    }
    return {
      index: f.index,
      properties: f.properties,
      vertices: f.vertices,
      sectionCode: section?.code ?? null,
    };
  });
  const result: BoundaryImportValue = {
    fileName: file.name,
    format: read.format,
    crs: read.crs,
    fields: read.fields,
    matchField,
    features,
    bbox: read.bbox,
    sections: [...matched.values()].map(({ section, features: fs }) => ({
      id: section.id,
      code: section.code,
      name: section.name,
      features: fs.length,
      vertices: fs.reduce((n, f) => n + f.vertices, 0),
    })),
    applied: false,
  };
  if (query.mode === 'preview') return result;
  if (!target) throw fail.invalid('boundaryMatchRequired');
  if (matched.size === 0) throw fail.invalid('boundaryNoMatch', { field: matchField ?? '' });
  await db.transaction(async (tx) => {
    for (const { section, features: fs } of matched.values()) {
      const boundary = fs.flatMap((f) => f.polygons);
      const vertices = fs.reduce((n, f) => n + f.vertices, 0);
      await s.setSectionBoundary(tx, projectCode, section.id, boundary, vertices);
      await audit(tx, {
        actorId: auth.userId,
        projectCode,
        action: 'update',
        entity: 'section',
        entityId: section.id,
        summary: `${section.code} ${section.name} ${file.name}`,
        params: { kind: 'boundary', name: section.name, code: section.code, file: file.name, vertices },
        before: { boundaryVertices: section.boundaryVertices },
        after: {
          boundaryVertices: vertices,
          file: file.name,
          crs: read.crs,
          features: fs.map((f) => f.index),
        },
      });
    }
  });
  return { ...result, applied: true };
}

/** Removes a section's boundary. */
export async function clearBoundary(deps: AppDeps, auth: AuthContext, projectCode: string, id: string) {
  const [section] = await s.listSections(deps.database.db, projectCode, id);
  if (!section) throw fail.notFound();
  await deps.database.db.transaction(async (tx) => {
    await s.setSectionBoundary(tx, projectCode, id, null, null);
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'update',
      entity: 'section',
      entityId: id,
      summary: `${section.code} ${section.name}`,
      params: { kind: 'boundaryCleared', name: section.name, code: section.code },
      before: { boundaryVertices: section.boundaryVertices },
      after: { boundaryVertices: null },
    });
  });
}
