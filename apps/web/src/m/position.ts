import { useEffect, useState } from 'react';

export type Position = { long: number; lat: number; alt: number; range: number };

/**
 * The device's position while a screen needs it, with its accuracy: null while locating, 'none'
 * when the phone cannot tell (no geolocation, or refused before any fix came).
 */
export function usePosition(): Position | null | 'none' {
  const [pos, setPos] = useState<Position | null | 'none'>(() =>
    'geolocation' in navigator ? null : 'none',
  );
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    const id = navigator.geolocation.watchPosition(
      (p) =>
        setPos({
          long: p.coords.longitude,
          lat: p.coords.latitude,
          alt: p.coords.altitude ?? 0,
          range: Math.round(p.coords.accuracy),
        }),
      // A later failure keeps the last fix.
      () => setPos((old) => (old && old !== 'none' ? old : 'none')),
      { enableHighAccuracy: true, maximumAge: 10_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, []);
  return pos;
}
