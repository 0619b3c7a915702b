import 'leaflet/dist/leaflet.css';
import { theme } from 'antd';
import type { MultiPolygon } from 'geojson';
import type { LatLngBoundsExpression, LatLngExpression } from 'leaflet';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { GeoJSON, MapContainer, ScaleControl, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { mapTileUrl } from '../config.ts';
import { boundsOf, type CountyOutline, loadCountyOutline } from './outline.ts';

/** A section's boundary as stored with the section: MultiPolygon coordinates, WGS 84 [lng, lat]. */
export type SectionBoundary = { code: string; name: string; boundary: number[][][][] | null };

const offlineBackground = {
  backgroundColor: '#eef3ea',
  backgroundImage:
    'linear-gradient(#d9e3d2 1px, transparent 1px), linear-gradient(90deg, #d9e3d2 1px, transparent 1px)',
  backgroundSize: '24px 24px',
} as const;

const multiPolygon = (coordinates: number[][][][]): MultiPolygon => ({ type: 'MultiPolygon', coordinates });

const FIT_PADDING = 8;

function FitTo({ bounds }: { bounds: LatLngBoundsExpression | null }) {
  const map = useMap();
  useEffect(() => {
    if (!bounds) return;
    const fit = () => {
      map.invalidateSize();
      const size = map.getSize();
      if (size.x <= 2 * FIT_PADDING || size.y <= 2 * FIT_PADDING) return false;
      map.fitBounds(bounds, { padding: [FIT_PADDING, FIT_PADDING] });
      return true;
    };
    if (fit()) return;
    // A map mounted before its container is laid out (a dialog opening without motion, for users
    // who ask for less) has no size yet: Leaflet then works out a NaN zoom and throws "Invalid
    // LatLng". Fit once the container has a size.
    const observer = new ResizeObserver(() => {
      if (fit()) observer.disconnect();
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, bounds]);
  return null;
}

function ClickToPick({ onPick }: { onPick: (lng: number, lat: number) => void }) {
  useMapEvents({
    click: (event) => onPick(Number(event.latlng.lng.toFixed(6)), Number(event.latlng.lat.toFixed(6))),
  });
  return null;
}

/**
 * The one base map every screen draws on (records, burn points, later GIS and the field app).
 * Offline by default: a gridded background, the project's county outline from the packaged
 * boundary data (loaded lazily, one chunk per province), the sections' own boundaries and a
 * scale. A tile layer is added only when the installation set VITE_MAP_TILE_URL. Children are
 * the screen's own layers (markers, circles…); `onPick` makes a click report a position.
 */
export function BaseMap({
  areaCode,
  sections = [],
  center,
  zoom = 10,
  fit = true,
  height = 420,
  wheelZoom = true,
  onPick,
  children,
}: {
  /** The project's county (GB/T 2260, 6 digits or longer); its outline is drawn and fitted. */
  areaCode?: string | null;
  sections?: SectionBoundary[];
  /** Where to look before (or without) an outline. */
  center?: [number, number];
  zoom?: number;
  /** Fit the view to the county outline once it has loaded. */
  fit?: boolean;
  height?: number;
  /** Zoom with the mouse wheel (off for small maps inside a scrolling drawer). */
  wheelZoom?: boolean;
  onPick?: (lng: number, lat: number) => void;
  children?: ReactNode;
}) {
  const { token } = theme.useToken();
  const [outline, setOutline] = useState<CountyOutline | null>(null);
  useEffect(() => {
    let live = true;
    void loadCountyOutline(areaCode).then((found) => live && setOutline(found));
    return () => {
      live = false;
    };
  }, [areaCode]);
  // Memoised: a new array on every render would re-fit the view to the county whenever the
  // screen re-renders (the GIS map re-renders on each answer while the user zooms in).
  const outlineBounds = useMemo(
    () => (outline && fit ? boundsOf(outline.coordinates) : null),
    [outline, fit],
  );
  const start: LatLngExpression = center ? [center[1], center[0]] : [30, 118];
  return (
    <MapContainer
      center={start}
      zoom={center ? zoom : 5}
      scrollWheelZoom={wheelZoom}
      attributionControl={false}
      className="base-map"
      data-testid="base-map"
      style={{ height, borderRadius: 6, cursor: onPick ? 'crosshair' : undefined, ...offlineBackground }}
    >
      {mapTileUrl && <TileLayer url={mapTileUrl} />}
      {outline && (
        <GeoJSON
          key={`county-${areaCode}`}
          data={multiPolygon(outline.coordinates)}
          style={{ color: token.colorTextSecondary, weight: 2, fill: false, dashArray: '6 4' }}
          interactive={false}
        />
      )}
      {sections
        .filter((section) => section.boundary && section.boundary.length > 0)
        .map((section) => (
          <GeoJSON
            key={`section-${section.code}-${JSON.stringify(section.boundary).length}`}
            data={multiPolygon(section.boundary ?? [])}
            style={{ color: token.colorPrimary, weight: 2, fillOpacity: 0.08 }}
            interactive={!onPick}
          >
            <Tooltip sticky>{section.name}</Tooltip>
          </GeoJSON>
        ))}
      {outlineBounds && <FitTo bounds={outlineBounds} />}
      {onPick && <ClickToPick onPick={onPick} />}
      {children}
      <ScaleControl imperial={false} />
    </MapContainer>
  );
}
