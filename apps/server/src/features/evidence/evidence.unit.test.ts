import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  edgeDistanceM,
  inside,
  metresBetween,
  type Outline,
  outsideByM,
  selfIntersects,
  usable,
} from '../../platform/geo/outline.ts';
import { outsideCountyM } from '../../platform/geo/countyOutlines.ts';
import { bands, dHashes, fromSigned, hamming, MAX_DUP_BITS, probes, toSigned } from './dhash.ts';
import { photoFindings } from './rules.ts';
import { reworked, treePhoto } from './testPhotos.ts';

/** 开化县's real outline (the offline county file the maps draw: ~1,600 positions, simplified to ~500 m). */
const zhejiang = JSON.parse(
  readFileSync(new URL('../../../../web/src/shared/map/outlines/33.json', import.meta.url), 'utf8'),
) as Record<string, { coordinates: Outline }>;
const kaihua = zhejiang['330824']!.coordinates;

describe('hash distance and the band index', () => {
  it('counts differing bits over all 64, signed storage and back', () => {
    expect(hamming(0n, 0n)).toBe(0);
    expect(hamming(0n, (1n << 64n) - 1n)).toBe(64);
    expect(hamming(0b1011n, 0b0110n)).toBe(3);
    const h = 0xf00d_cafe_dead_beefn;
    expect(toSigned(h)).toBeLessThan(0n);
    expect(fromSigned(toSigned(h))).toBe(h);
    expect(fromSigned(toSigned(h).toString())).toBe(h);
    expect(bands(h)).toEqual([0xf00d, 0xcafe, 0xdead, 0xbeef]);
  });

  it('finds every hash within MAX_DUP_BITS through one band probed at its one-bit neighbours', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 2000; n++) {
      const h = (BigInt(next()) << 33n) ^ (BigInt(next()) << 2n) ^ BigInt(next() & 3);
      let g = h;
      const flips = 1 + (n % MAX_DUP_BITS);
      for (let i = 0; i < flips; i++) g ^= 1n << BigInt(next() % 64);
      const found = bands(h).some((b, i) => probes(b).includes(bands(g)[i]!));
      expect(found, `${h} vs ${g}`).toBe(true);
    }
    expect(probes(0)).toHaveLength(17);
  });

  it('keeps a resized, recompressed or slightly cropped copy within 5 bits; other trees beyond', async () => {
    const min = (a: bigint[], b: bigint[]) => Math.min(...a.flatMap((x) => b.map((y) => hamming(x, y))));
    const hashes: bigint[][] = [];
    for (let seed = 1; seed <= 12; seed++) {
      const photo = await treePhoto(seed);
      const own = (await dHashes(photo))!;
      hashes.push(own);
      for (const change of [
        { width: 320, quality: 70 },
        { quality: 40 },
        { crop: 0.04 },
        { crop: 0.05, width: 500 },
      ])
        expect(
          min(own, (await dHashes(await reworked(photo, change)))!),
          JSON.stringify(change),
        ).toBeLessThanOrEqual(5);
    }
    for (let i = 0; i < hashes.length; i++)
      for (let j = i + 1; j < hashes.length; j++) expect(min(hashes[i]!, hashes[j]!)).toBeGreaterThan(5);
    expect(await dHashes(Buffer.from('not an image'))).toBeUndefined();
  }, 60_000);
});

describe('point against a real outline', () => {
  it('places points in 开化县 inside, with no distance; points beyond it at their distance', () => {
    for (const [lng, lat] of [
      [118.405, 29.055],
      [118.385, 29.325],
      [118.255, 29.32],
    ] as const) {
      expect(inside(kaihua, { lng, lat }), `${lng},${lat}`).toBe(true);
      expect(outsideByM(kaihua, { lng, lat })).toBe(0);
    }
    // 江山市 (the next county south) and 杭州 (~150 km away).
    expect(inside(kaihua, { lng: 118.62, lat: 28.74 })).toBe(false);
    const hangzhou = outsideByM(kaihua, { lng: 120.15, lat: 30.25 });
    expect(hangzhou).toBeGreaterThan(100_000);
    expect(hangzhou).toBeLessThan(200_000);
  });

  it('measures metres to the nearest edge, matching the great-circle distance', () => {
    const square: Outline = [
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
    const p = { lng: 118.45, lat: 29.12 };
    expect(inside(square, p)).toBe(false);
    const d = outsideByM(square, p);
    expect(Math.abs(d - metresBetween(p, { lng: 118.44, lat: 29.12 }))).toBeLessThan(1);
    expect(edgeDistanceM(square, { lng: 118.41, lat: 29.12 })).toBeGreaterThan(2000);
  });

  it('honours holes and reads a self-intersecting outline by the even-odd rule, flagged for the screen', () => {
    const withHole: Outline = [
      [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
          [0, 0],
        ],
        [
          [0.4, 0.4],
          [0.6, 0.4],
          [0.6, 0.6],
          [0.4, 0.6],
          [0.4, 0.4],
        ],
      ],
    ];
    expect(inside(withHole, { lng: 0.2, lat: 0.2 })).toBe(true);
    expect(inside(withHole, { lng: 0.5, lat: 0.5 })).toBe(false);
    const bowtie: Outline = [
      [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    ];
    expect(selfIntersects(bowtie)).toBe(true);
    expect(selfIntersects(withHole)).toBe(false);
    expect(selfIntersects(kaihua)).toBe(false);
    // Its two lobes (left and right of the crossing) are inside, the notches above and below not.
    expect(inside(bowtie, { lng: 0.2, lat: 0.5 })).toBe(true);
    expect(inside(bowtie, { lng: 0.5, lat: 0.2 })).toBe(false);
    for (const bad of [
      null,
      [],
      [[[[0, 0]]]],
      [
        [
          [
            ['x', 1],
            [1, 1],
            [1, 0],
            [0, 0],
          ],
        ],
      ],
      'polygon',
    ])
      expect(usable(bad)).toBe(false);
    expect(usable(kaihua)).toBe(true);
  });

  it('checks the county by its outline, not its box', async () => {
    // Inside 开化县's bounding box but outside the county (its box reaches into 常山县).
    expect(await outsideCountyM('330824', 118.405, 29.055)).toBe(0);
    expect(await outsideCountyM('330824115', 120.15, 30.25)).toBeGreaterThan(100_000);
    expect(await outsideCountyM('999999', 1, 1)).toBeUndefined();
  });
});

describe('photo rules', () => {
  const record = {
    id: 'r',
    at: new Date('2024-04-10T10:00:00+08:00'),
    lat: 29.14,
    lng: 118.41,
    gpsRange: 30,
  };
  const t = {
    photoBeforeHours: 72,
    photoPlaceM: 50,
    photoDupBits: 5,
    outlineToleranceM: 50,
    photoExifRequired: false,
  };
  it('uses max(setting, 3 × GPS accuracy) as the place limit and notes what cannot be compared', () => {
    const near = { id: 'p', takenAt: new Date('2024-04-10T09:00:00+08:00'), lat: 29.1405, lng: 118.41 };
    expect(photoFindings(record, [near], t).findings).toEqual([]); // 55 m < 90 m
    const r = photoFindings(
      record,
      [
        { id: 'q', takenAt: new Date(0), lat: 0, lng: 0 },
        { id: 's', takenAt: null, lat: null, lng: null },
      ],
      t,
    );
    expect(r.findings).toEqual([]);
    expect(r.notes.sort()).toEqual(['clockUnset', 'gpsZero', 'noExif']);
  });
});
