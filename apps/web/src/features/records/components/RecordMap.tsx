import 'leaflet/dist/leaflet.css';
import { theme } from 'antd';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { Circle, MapContainer, Marker, ScaleControl, TileLayer, Tooltip } from 'react-leaflet';
import { mapTileUrl } from '../../../shared/config.ts';

// Leaflet finds its marker images by a path guess that Vite's bundling breaks: give them directly.
const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  tooltipAnchor: [12, -28],
  shadowSize: [41, 41],
});

/**
 * The record's point on a map. Offline by default: a plain gridded background with the marker,
 * the GPS accuracy circle and a scale; a tile layer only where the installation configured one.
 */
export default function RecordMap({
  long,
  lat,
  range,
  label,
}: {
  long: number;
  lat: number;
  range: number;
  label: string;
}) {
  const { token } = theme.useToken();
  return (
    <MapContainer
      center={[lat, long]}
      zoom={16}
      scrollWheelZoom={false}
      attributionControl={false}
      className="record-map"
      style={{
        height: 220,
        borderRadius: 6,
        backgroundColor: '#eef3ea',
        backgroundImage:
          'linear-gradient(#d9e3d2 1px, transparent 1px), linear-gradient(90deg, #d9e3d2 1px, transparent 1px)',
        backgroundSize: '24px 24px',
      }}
    >
      {mapTileUrl && <TileLayer url={mapTileUrl} />}
      {range > 0 && (
        <Circle center={[lat, long]} radius={range} pathOptions={{ color: token.colorPrimary, weight: 1 }} />
      )}
      <Marker position={[lat, long]} icon={markerIcon}>
        <Tooltip permanent direction="right">
          {label}
        </Tooltip>
      </Marker>
      <ScaleControl imperial={false} />
    </MapContainer>
  );
}
