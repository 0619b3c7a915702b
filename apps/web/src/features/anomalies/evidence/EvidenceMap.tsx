import type { EvidenceRecord } from '@pineguard/contract';
import { theme } from 'antd';
import { CircleMarker, Polyline, Tooltip } from 'react-leaflet';
import { BaseMap } from '../../../shared/map/index.ts';

/**
 * The record on the offline base map with its section's outline, and, for a photo taken
 * elsewhere, where the photo says it was taken, joined by a line labelled with the distance.
 */
export default function EvidenceMap({
  record,
  sectionName,
  outline,
  photo,
  distanceLabel,
}: {
  record: EvidenceRecord;
  sectionName: string;
  outline: number[][][][] | null;
  photo?: { lat: number; lng: number } | undefined;
  distanceLabel?: string | undefined;
}) {
  const { token } = theme.useToken();
  const sections = outline ? [{ code: record.sectionCode, name: sectionName, boundary: outline }] : [];
  const here: [number, number] = [record.lat, record.lng];
  return (
    <BaseMap
      sections={sections}
      center={[record.lng, record.lat]}
      zoom={13}
      fit={false}
      height={300}
      wheelZoom={false}
    >
      {photo && (
        <>
          <Polyline
            positions={[here, [photo.lat, photo.lng]]}
            pathOptions={{ color: token.colorWarning, dashArray: '6 4' }}
          >
            {distanceLabel && <Tooltip permanent>{distanceLabel}</Tooltip>}
          </Polyline>
          <CircleMarker
            center={[photo.lat, photo.lng]}
            radius={7}
            pathOptions={{ color: token.colorWarning, fillOpacity: 0.9 }}
          />
        </>
      )}
      <CircleMarker center={here} radius={7} pathOptions={{ color: token.colorError, fillOpacity: 0.9 }}>
        {!photo && distanceLabel && <Tooltip permanent>{distanceLabel}</Tooltip>}
      </CircleMarker>
    </BaseMap>
  );
}
