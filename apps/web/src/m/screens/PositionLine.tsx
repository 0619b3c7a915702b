import type { Translate } from '../messages.ts';
import type { Position } from '../position.ts';

/** Where the phone is and how sure it is, as the collect and clock-in screens show it. */
export function PositionLine({ t, pos }: { t: Translate; pos: Position | null | 'none' }) {
  return (
    <div className="m-position" data-testid="position">
      {t('position')}：
      {pos === null
        ? t('positionWaiting')
        : pos === 'none'
          ? t('positionNone')
          : `${pos.long.toFixed(5)}, ${pos.lat.toFixed(5)} · ${t('accuracy', { m: pos.range })}`}
    </div>
  );
}
