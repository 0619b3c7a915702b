import { describe, expect, it } from 'vitest';
import { lengthProblem, sizeProblem, VIDEO_MAX_BYTES, VIDEO_MAX_SECONDS } from './video.ts';
import { mt } from './messages.ts';

describe('field app video limits', () => {
  it('refuses a video over the size limit with its size in MB', () => {
    expect(sizeProblem(VIDEO_MAX_BYTES)).toBeNull();
    const p = sizeProblem(VIDEO_MAX_BYTES + 5 * 1024 * 1024);
    expect(p).toEqual({ kind: 'tooBig', max: 100, mb: 105 });
    expect(mt('zh-CN', 'videoTooBig', p!)).toBe('视频不能超过 100 MB（这段 105 MB），请重新录制');
  });

  it('refuses a video over the length limit; an unknown length passes to the server', () => {
    expect(lengthProblem(VIDEO_MAX_SECONDS)).toBeNull();
    const p = lengthProblem(75.4);
    expect(p).toEqual({ kind: 'tooLong', max: 60, s: 75 });
    expect(mt('zh-CN', 'videoTooLong', p!)).toBe('视频不能超过 60 秒（这段 75 秒），请重新录制');
    expect(mt('en', 'videoTooLong', p!)).toContain('at most 60 s');
    expect(lengthProblem(NaN)).toBeNull();
  });
});
