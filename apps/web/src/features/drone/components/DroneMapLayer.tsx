import type { DroneCandidate } from '@pineguard/contract';
import { Slider, Typography } from 'antd';
import L from 'leaflet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCandidates, useOrthos } from '../api.ts';
import { useT } from '../messages.ts';
import { CandidateLayer } from './CandidateLayer.tsx';
import { OrthoLayer } from './OrthoLayer.tsx';

/**
 * For the GIS map (a child of BaseMap): the project's orthophotos as tile layers under the
 * records, the newest one's candidates at its saved sensitivity, and an opacity slider.
 */
export function DroneMapLayer() {
  const t = useT();
  const orthos = useOrthos();
  const ready = (orthos.data?.list ?? []).filter((o) => o.state === 'ready');
  const newest = ready[0];
  const candidates = useCandidates(newest?.id);
  const [opacity, setOpacity] = useState(0.9);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Dragging the slider must not pan the map under it.
    if (box.current) {
      L.DomEvent.disableClickPropagation(box.current);
      L.DomEvent.disableScrollPropagation(box.current);
    }
  });
  const onSelect = useCallback((_c: DroneCandidate) => {}, []);
  if (!ready.length) return null;
  return (
    <>
      {ready.map((o) => (
        <OrthoLayer key={o.id} ortho={o} opacity={opacity} />
      ))}
      {newest && candidates.data && (
        <CandidateLayer list={candidates.data.list} minScore={newest.threshold} onSelect={onSelect} />
      )}
      <div
        ref={box}
        data-testid="drone-opacity"
        style={{
          position: 'absolute',
          right: 10,
          bottom: 28,
          zIndex: 1000,
          width: 170,
          background: 'rgba(255,255,255,0.92)',
          padding: '4px 10px',
          borderRadius: 6,
        }}
      >
        <Typography.Text style={{ fontSize: 12 }}>{t('cand.opacity')}</Typography.Text>
        <Slider
          min={0}
          max={1}
          step={0.05}
          value={opacity}
          onChange={setOpacity}
          aria-label={t('cand.opacity')}
        />
      </div>
    </>
  );
}
