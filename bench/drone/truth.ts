// The labels: every dead pine crown of a scene with how much of it can be seen from above, and the
// matching of detections to labels (within 2 m, one to one, nearest pairs first).
import type { Crown, Scene } from './scene.ts';

export interface TruthCrown {
  id: number;
  x: number;
  y: number;
  radiusM: number;
  kind: 'red' | 'grey';
  /** Share of the crown's disc seen from above (others drawn over it hide the rest); null if not measured. */
  visible: number | null;
}

/** A crown under 40 % visible is not counted either way (neither a miss nor a false alarm). */
export const MIN_VISIBLE = 0.4;

export function truthOf(scene: Scene, owner: Int32Array | null): TruthCrown[] {
  const seen = new Map<number, number>();
  if (owner) for (const id of owner) if (id) seen.set(id, (seen.get(id) ?? 0) + 1);
  const dead = new Set(scene.dead);
  return scene.things
    .filter((t): t is Crown => t.type === 'crown' && dead.has(t.id))
    .map((c) => ({
      id: c.id,
      x: c.cx,
      y: c.cy,
      radiusM: c.r * 0.05,
      kind: c.material === 'deadGrey' ? 'grey' : 'red',
      visible: owner ? Math.min(1, (seen.get(c.id) ?? 0) / (Math.PI * c.r * c.r)) : null,
    }));
}

export interface Scored {
  truths: number;
  detections: number;
  truePositives: number;
  /** Detections on crowns too hidden to count (left out of precision). */
  ignored: number;
  precision: number;
  recall: number;
  f1: number;
}

export function score(found: { x: number; y: number }[], truths: TruthCrown[], tolPx: number): Scored {
  const pairs: [number, number, number][] = [];
  for (let i = 0; i < found.length; i++) {
    for (let j = 0; j < truths.length; j++) {
      const d = Math.hypot(found[i]!.x - truths[j]!.x, found[i]!.y - truths[j]!.y);
      if (d <= tolPx) pairs.push([d, i, j]);
    }
  }
  pairs.sort((a, b) => a[0] - b[0]);
  const usedF = new Set<number>();
  const usedT = new Set<number>();
  let tp = 0;
  let ignored = 0;
  for (const [, i, j] of pairs) {
    if (usedF.has(i) || usedT.has(j)) continue;
    usedF.add(i);
    usedT.add(j);
    if ((truths[j]!.visible ?? 1) >= MIN_VISIBLE) tp++;
    else ignored++;
  }
  const counted = truths.filter((t) => (t.visible ?? 1) >= MIN_VISIBLE).length;
  const detections = found.length - ignored;
  const precision = detections ? tp / detections : 1;
  const recall = counted ? tp / counted : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { truths: counted, detections, truePositives: tp, ignored, precision, recall, f1 };
}

export function addScores(a: Scored, b: Scored): Scored {
  const truths = a.truths + b.truths;
  const detections = a.detections + b.detections;
  const tp = a.truePositives + b.truePositives;
  const precision = detections ? tp / detections : 1;
  const recall = truths ? tp / truths : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { truths, detections, truePositives: tp, ignored: a.ignored + b.ignored, precision, recall, f1 };
}
