import type { DroneCandidate } from '@pineguard/contract';
import L from 'leaflet';
import { useEffect, useMemo } from 'react';
import { useMap } from 'react-leaflet';

const colours: Record<string, string> = {
  candidate: '#d4380d',
  dropped: '#8c8c8c',
  open: '#fa8c16',
  confirmed: '#cf1322',
  not_pine: '#389e0d',
  not_found: '#595959',
  felled: '#1677ff',
};

/**
 * Candidates as circle markers on one canvas (10,000 draw in well under a second; a React
 * component per marker would not). Redrawn when the list or the slider's cut-off changes.
 */
export function CandidateLayer({
  list,
  minScore,
  onSelect,
}: {
  list: DroneCandidate[];
  minScore: number;
  onSelect: (c: DroneCandidate) => void;
}) {
  const map = useMap();
  const renderer = useMemo(() => L.canvas({ padding: 0.2 }), []);
  useEffect(() => {
    const group = L.layerGroup();
    for (const c of list) {
      if (c.score < minScore) continue;
      const m = L.circleMarker([c.lat, c.lng], {
        renderer,
        radius: 6,
        color: colours[c.state] ?? '#d4380d',
        weight: 2,
        fillOpacity: c.state === 'dropped' ? 0.1 : 0.35,
      });
      m.on('click', () => onSelect(c));
      group.addLayer(m);
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, renderer, list, minScore, onSelect]);
  return null;
}
