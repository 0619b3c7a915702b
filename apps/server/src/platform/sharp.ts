import { lazy } from './lazy.ts';

/** sharp (libvips, ~20 MB resident), loaded by the first photo: a server at rest does not hold it. */
export const loadSharp = lazy(async () => {
  const sharp = (await import('sharp')).default;
  // Every photo is thumbnailed once and never again: libvips' operation cache (50 MB by default)
  // would only hold native memory that the soak saw as RSS growing beside a flat JS heap; one
  // libvips thread per image keeps its per-thread malloc arenas from multiplying.
  sharp.cache(false);
  sharp.concurrency(1);
  return sharp;
});
