/**
 * Short videos only (issue 18: "short videos"): checked on the phone before a video is queued,
 * so a worker in the mountains does not wait for minutes of upload that would be refused.
 * Limits: docs/decisions/0126-video-limits.md.
 */
export const VIDEO_MAX_SECONDS = 60;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;

export type VideoProblem =
  { kind: 'tooBig'; max: number; mb: number } | { kind: 'tooLong'; max: number; s: number };

/** The size rule alone (pure, unit-tested). */
export function sizeProblem(bytes: number): VideoProblem | null {
  return bytes > VIDEO_MAX_BYTES
    ? { kind: 'tooBig', max: VIDEO_MAX_BYTES / 1024 / 1024, mb: Math.ceil(bytes / 1024 / 1024) }
    : null;
}

/** The length rule alone (pure): an unknown length (NaN) passes, the server keeps its own limits. */
export function lengthProblem(seconds: number): VideoProblem | null {
  return Number.isFinite(seconds) && seconds > VIDEO_MAX_SECONDS
    ? { kind: 'tooLong', max: VIDEO_MAX_SECONDS, s: Math.round(seconds) }
    : null;
}

/**
 * The video's length read from its metadata by a detached <video>. Recordings without a length in
 * their header (some WebM) report Infinity until the element seeks to the end. A file the browser
 * cannot decode answers NaN.
 */
export function videoSeconds(blob: Blob, timeoutMs = 10_000): Promise<number> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(blob);
    const v = document.createElement('video');
    let settled = false;
    const done = (s: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      v.removeAttribute('src');
      v.load();
      URL.revokeObjectURL(url);
      resolve(s);
    };
    const timer = setTimeout(() => done(NaN), timeoutMs);
    v.preload = 'metadata';
    v.muted = true;
    v.onerror = () => done(NaN);
    v.onloadedmetadata = () => {
      if (Number.isFinite(v.duration)) return done(v.duration);
      v.ondurationchange = () => Number.isFinite(v.duration) && done(v.duration);
      v.currentTime = Number.MAX_SAFE_INTEGER;
    };
    v.src = url;
  });
}

/** Size first (no decoding needed), then length. */
export async function videoProblem(blob: Blob): Promise<VideoProblem | null> {
  return sizeProblem(blob.size) ?? lengthProblem(await videoSeconds(blob));
}
