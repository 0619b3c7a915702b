// Stage 2: binary clean-up, connected components and the distance transform on working cells.
// Kernel code (see cells.ts): globals and same-file calls only.

/** One 3 × 3 erosion (keep = 0) or dilation (keep = 1) of a 0/1 mask, separable, edges padded. */
export function morph3(mask: Uint8Array, W: number, H: number, dilate: boolean): Uint8Array {
  const tmp = new Uint8Array(mask.length);
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < H; y++) {
    const o = y * W;
    for (let x = 0; x < W; x++) {
      const a = mask[o + x]!;
      const l = x > 0 ? mask[o + x - 1]! : a;
      const r = x < W - 1 ? mask[o + x + 1]! : a;
      tmp[o + x] = dilate ? a | l | r : a & l & r;
    }
  }
  for (let y = 0; y < H; y++) {
    const o = y * W;
    const up = y > 0 ? o - W : o;
    const dn = y < H - 1 ? o + W : o;
    for (let x = 0; x < W; x++) {
      const a = tmp[o + x]!;
      out[o + x] = dilate ? a | tmp[up + x]! | tmp[dn + x]! : a & tmp[up + x]! & tmp[dn + x]!;
    }
  }
  return out;
}

/**
 * Opening (drop specks and threads thinner than 2·open+1 cells) then closing (fill gaps between
 * branches narrower than 2·close+1 cells).
 */
export function openClose(mask: Uint8Array, W: number, H: number, open: number, close: number): Uint8Array {
  let m = mask;
  for (let i = 0; i < open; i++) m = morph3(m, W, H, false);
  for (let i = 0; i < open; i++) m = morph3(m, W, H, true);
  for (let i = 0; i < close; i++) m = morph3(m, W, H, true);
  for (let i = 0; i < close; i++) m = morph3(m, W, H, false);
  return m;
}

export function findRoot(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    parent[i] = parent[parent[i]!]!;
    i = parent[i]!;
  }
  return i;
}

/**
 * 8-connected components of equal non-zero values (classes: a red crown touching a grey one is two
 * blobs): labels 1…count (0 = background), two passes with union-find.
 */
export function label(mask: Uint8Array, W: number, H: number): { labels: Int32Array; count: number } {
  const labels = new Int32Array(W * H);
  let parent = new Int32Array(1024);
  let next = 1;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const v = mask[i]!;
      if (!v) continue;
      let best = 0;
      // Already-visited neighbours: W, NW, N, NE.
      for (let k = 0; k < 4; k++) {
        if (k === 0 ? x === 0 : k === 1 ? x === 0 || y === 0 : k === 2 ? y === 0 : x === W - 1 || y === 0)
          continue;
        const j = k === 0 ? i - 1 : k === 1 ? i - W - 1 : k === 2 ? i - W : i - W + 1;
        const l = labels[j]!;
        if (!l || mask[j] !== v) continue;
        const a = findRoot(parent, l);
        if (!best) best = a;
        else if (a !== best) {
          const lo = Math.min(a, best);
          parent[Math.max(a, best)] = lo;
          best = lo;
        }
      }
      if (!best) {
        if (next >= parent.length) {
          const grown = new Int32Array(parent.length * 2);
          grown.set(parent);
          parent = grown;
        }
        parent[next] = next;
        best = next++;
      }
      labels[i] = best;
    }
  }
  const remap = new Int32Array(next);
  let count = 0;
  for (let l = 1; l < next; l++) {
    const r = findRoot(parent, l);
    remap[l] = r === l ? ++count : remap[r]!;
  }
  for (let i = 0; i < labels.length; i++) if (labels[i]) labels[i] = remap[labels[i]!]!;
  return { labels, count };
}

/**
 * Chamfer 3-4 distance to the background (3 per orthogonal step), two passes; a cell of another
 * class counts as background, so touching blobs of two classes each get their own peaks.
 */
export function chamfer(mask: Uint8Array, W: number, H: number): Uint16Array {
  const d = new Uint16Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const v = mask[i]!;
      if (!v) continue;
      if (x === 0 || y === 0 || x === W - 1 || y === H - 1) {
        d[i] = 3;
        continue;
      }
      const a = mask[i - 1] === v ? d[i - 1]! : 0;
      const b = mask[i - W] === v ? d[i - W]! : 0;
      const c = mask[i - W - 1] === v ? d[i - W - 1]! : 0;
      const e = mask[i - W + 1] === v ? d[i - W + 1]! : 0;
      d[i] = Math.min(a + 3, b + 3, c + 4, e + 4);
    }
  }
  for (let y = H - 2; y >= 1; y--) {
    for (let x = W - 2; x >= 1; x--) {
      const i = y * W + x;
      const v = mask[i]!;
      if (!v) continue;
      const a = mask[i + 1] === v ? d[i + 1]! : 0;
      const b = mask[i + W] === v ? d[i + W]! : 0;
      const c = mask[i + W + 1] === v ? d[i + W + 1]! : 0;
      const e = mask[i + W - 1] === v ? d[i + W - 1]! : 0;
      d[i] = Math.min(d[i]!, a + 3, b + 3, c + 4, e + 4);
    }
  }
  return d;
}
