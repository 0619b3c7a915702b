import { theme } from 'antd';
import { Circle, Marker, Tooltip } from 'react-leaflet';
import { BaseMap, markerIcon, useSectionBoundaries } from '../../../shared/map/index.ts';

/**
 * The record's point on the shared base map (offline by default; a tile layer only where the
 * installation configured one): the marker, the GPS accuracy circle and a scale.
 */
export default function RecordMap({
  long,
  lat,
  range,
  label,
  areaCode,
}: {
  long: number;
  lat: number;
  range: number;
  label: string;
  areaCode?: string | null;
}) {
  const { token } = theme.useToken();
  const sections = useSectionBoundaries();
  return (
    <BaseMap
      areaCode={areaCode}
      sections={sections}
      center={[long, lat]}
      zoom={16}
      fit={false}
      height={220}
      wheelZoom={false}
    >
      {range > 0 && (
        <Circle center={[lat, long]} radius={range} pathOptions={{ color: token.colorPrimary, weight: 1 }} />
      )}
      <Marker position={[lat, long]} icon={markerIcon}>
        <Tooltip permanent direction="right">
          {label}
        </Tooltip>
      </Marker>
    </BaseMap>
  );
}
