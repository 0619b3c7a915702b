import type { DroneOrtho } from '@pineguard/contract';
import L from 'leaflet';
import { useEffect } from 'react';
import { TileLayer, useMap } from 'react-leaflet';

/**
 * An orthophoto as a map layer (XYZ tiles cut from the file by the server). Tile layers sit in
 * Leaflet's tile pane, under the overlay pane where records and candidates are drawn.
 */
export function OrthoLayer({
  ortho,
  opacity,
  fit = false,
}: {
  ortho: DroneOrtho;
  opacity: number;
  fit?: boolean;
}) {
  const map = useMap();
  const [w, s, e, n] = ortho.bounds;
  useEffect(() => {
    if (fit)
      map.fitBounds(
        [
          [s, w],
          [n, e],
        ],
        { padding: [8, 8], maxZoom: 20 },
      );
  }, [map, fit, w, s, e, n]);
  return (
    <TileLayer
      url={ortho.tileUrl}
      opacity={opacity}
      bounds={L.latLngBounds([s, w], [n, e])}
      maxZoom={23}
      maxNativeZoom={22}
      minZoom={12}
      zIndex={5}
    />
  );
}
