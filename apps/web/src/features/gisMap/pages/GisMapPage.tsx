import type { GisCell, GisCellsQuery, RecordState } from '@pineguard/contract';
import { Card, Checkbox, DatePicker, Select, Space, Spin, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { CircleMarker, Marker, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { BaseMap } from '../../../shared/map/index.ts';
import { DroneMapLayer } from '../../drone/index.ts';
import { RecordDetailDrawer, StateTag, useStateOptions } from '../../records/index.ts';
import { useGisCells, useGisSetup } from '../api.ts';
import { useGisT } from '../messages.ts';

type View = { zoom: number; west: number; south: number; east: number; north: number };
type Filters = Pick<GisCellsQuery, 'tableCode' | 'sectionCode' | 'codeState' | 'begin' | 'end'>;

const stateColors: Record<RecordState, string> = {
  '10': '#1677ff',
  '20': '#52c41a',
  '30': '#faad14',
  '40': '#ff4d4f',
};
const round = (n: number) => Math.round(n * 1e5) / 1e5;

/** Reports the map's zoom and bounds (clamped to the world) once ready and after every move. */
function ViewWatcher({ onChange }: { onChange: (view: View) => void }) {
  const map = useMapEvents({ moveend: () => onChange(viewOf(map)) });
  useEffect(() => {
    map.whenReady(() => onChange(viewOf(map)));
  }, [map, onChange]);
  return null;
}

function viewOf(map: L.Map): View {
  const b = map.getBounds();
  const west = round(Math.max(-180, b.getWest()));
  const east = round(Math.min(180, b.getEast()));
  const south = round(Math.max(-90, b.getSouth()));
  const north = round(Math.min(90, b.getNorth()));
  return {
    zoom: Math.max(0, Math.min(22, Math.round(map.getZoom()))),
    west,
    south,
    east: east > west ? east : west + 1e-5,
    north: north > south ? north : south + 1e-5,
  };
}

function clusterIcon(count: number, color: string) {
  const size = Math.round(26 + Math.min(30, Math.log10(count + 1) * 9));
  return L.divIcon({
    className: 'gis-cluster',
    iconSize: [size, size],
    html: `<div style="width:${size}px;height:${size}px;border-radius:50%;background:${color};opacity:.85;color:#fff;display:flex;align-items:center;justify-content:center;font-size:12px;font-weight:600;box-shadow:0 0 0 4px ${color}40">${count >= 10000 ? `${Math.round(count / 1000)}k` : count}</div>`,
  });
}

const burnIcon = L.divIcon({
  className: 'gis-burn-point',
  iconSize: [18, 18],
  html: '<div style="width:18px;height:18px;border-radius:4px;background:#d4380d;border:2px solid #fff;box-shadow:0 0 2px #0006"></div>',
});

/** A server cell as a numbered circle; a click zooms to the cell's records. */
function Cluster({ cell, color }: { cell: GisCell; color: string }) {
  const map = useMap();
  const t = useGisT();
  const icon = useMemo(() => clusterIcon(cell.count, color), [cell.count, color]);
  return (
    <Marker
      position={[cell.lat, cell.lng]}
      icon={icon}
      title={t('cluster.title', { n: cell.count })}
      eventHandlers={{
        click: () => {
          const degenerate = cell.east - cell.west < 1e-6 && cell.north - cell.south < 1e-6;
          if (degenerate) map.setView([cell.lat, cell.lng], Math.min(18, map.getZoom() + 3));
          else
            map.fitBounds(
              [
                [cell.south, cell.west],
                [cell.north, cell.east],
              ],
              { padding: [24, 24], maxZoom: 18 },
            );
        },
      }}
    >
      <Tooltip>{t('cluster.title', { n: cell.count })}</Tooltip>
    </Marker>
  );
}

/**
 * GIS地图 (/gistest): the project's records on the offline map, aggregated by the server into
 * grid cells for the view (points once few are in view), filters, burn points as their own layer,
 * and a record's detail drawer from the records screens.
 */
export default function GisMapPage() {
  const t = useGisT();
  const { token } = theme.useToken();
  const setup = useGisSetup();
  const stateOptions = useStateOptions();
  const [filters, setFilters] = useState<Filters>({});
  const [view, setView] = useState<View | null>(null);
  const [showBurn, setShowBurn] = useState(true);
  const [detailId, setDetailId] = useState<string | null>(null);
  const cells = useGisCells(view ? { ...view, ...filters } : null);
  const data = cells.data;
  const tableNames = new Map((setup.data?.tables ?? []).map((x) => [x.code, x.name]));
  const sectionNames = new Map((setup.data?.sections ?? []).map((x) => [x.code, x.name]));
  const set = (patch: Filters) => setFilters((f) => ({ ...f, ...patch }));
  const height = Math.max(420, (typeof window === 'undefined' ? 800 : window.innerHeight) - 250);

  return (
    <Card size="small" data-testid="gis-map">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          aria-label={t('filter.table')}
          placeholder={t('filter.table')}
          style={{ width: 200 }}
          value={filters.tableCode}
          options={(setup.data?.tables ?? []).map((x) => ({ value: x.code, label: x.name }))}
          onChange={(v?: string) => set({ tableCode: v })}
        />
        <Select
          allowClear
          aria-label={t('filter.section')}
          placeholder={t('filter.section')}
          style={{ width: 160 }}
          value={filters.sectionCode}
          options={(setup.data?.sections ?? []).map((x) => ({ value: x.code, label: x.name }))}
          onChange={(v?: string) => set({ sectionCode: v })}
        />
        <Select
          allowClear
          aria-label={t('filter.state')}
          placeholder={t('filter.state')}
          style={{ width: 120 }}
          value={filters.codeState}
          options={stateOptions}
          onChange={(v?: RecordState) => set({ codeState: v })}
        />
        <DatePicker.RangePicker
          placeholder={[t('filter.begin'), t('filter.end')]}
          value={filters.begin && filters.end ? [dayjs(filters.begin), dayjs(filters.end)] : null}
          onChange={(range) =>
            set({ begin: range?.[0]?.format('YYYY-MM-DD'), end: range?.[1]?.format('YYYY-MM-DD') })
          }
        />
        <Checkbox checked={showBurn} onChange={(e) => setShowBurn(e.target.checked)}>
          {t('layer.burnPoints')}
        </Checkbox>
        <Typography.Text type="secondary" data-testid="gis-summary">
          {!data ? (
            t('summary.loading')
          ) : (
            <>
              {t(data.mode === 'cells' ? 'summary.cells' : 'summary.points', { n: data.total })}
              {cells.isFetching && <Spin size="small" style={{ marginLeft: 8 }} />}
            </>
          )}
        </Typography.Text>
      </Space>
      {setup.data && (
        <BaseMap areaCode={setup.data.areaCode} height={height}>
          <ViewWatcher onChange={setView} />
          {/* Issue 32: orthophoto tiles (under the records) and drone candidates. */}
          <DroneMapLayer />
          {data?.mode === 'cells' &&
            data.cells.map((c) => (
              <Cluster key={`${c.lng},${c.lat},${c.count}`} cell={c} color={token.colorPrimary} />
            ))}
          {data?.mode === 'points' &&
            data.points.map((p) => (
              <CircleMarker
                key={p.id}
                center={[p.lat, p.lng]}
                radius={7}
                pathOptions={{
                  color: '#fff',
                  weight: 2,
                  fillColor: stateColors[p.codeState as RecordState] ?? token.colorPrimary,
                  fillOpacity: 0.9,
                }}
                eventHandlers={{ click: () => setDetailId(p.id) }}
              >
                <Tooltip>
                  {tableNames.get(p.tableCode) ?? p.tableCode} ·{' '}
                  {sectionNames.get(p.sectionCode) ?? p.sectionCode}
                  {p.quantity && (
                    <>
                      <br />
                      {/* The figure with its unit, as recorded (吨 is never shown as trees). */}
                      {p.quantity.label} {p.quantity.value.toLocaleString()} {p.quantity.unit}
                    </>
                  )}
                  <br />
                  {p.timeSubmit}
                </Tooltip>
              </CircleMarker>
            ))}
          {showBurn &&
            setup.data.burnPoints.map((b) => (
              <Marker
                key={b.id}
                position={[b.lat, b.lng]}
                icon={burnIcon}
                zIndexOffset={1000}
                // The marker is a button to assistive technology: it needs a name (axe, issue 29).
                title={t('burnPoint.title', { name: b.name })}
              >
                <Tooltip>{t('burnPoint.title', { name: b.name })}</Tooltip>
              </Marker>
            ))}
        </BaseMap>
      )}
      <Space size={4} style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">{t('legend.title')}:</Typography.Text>
        {(Object.keys(stateColors) as RecordState[]).map((s) => (
          <StateTag key={s} state={s} />
        ))}
      </Space>
      <RecordDetailDrawer
        id={detailId}
        onClose={() => setDetailId(null)}
        actions={{
          canReview: false,
          canEdit: false,
          canDelete: false,
          onReview: () => undefined,
          onCorrect: () => undefined,
          onDelete: () => undefined,
          onRestore: () => undefined,
        }}
      />
    </Card>
  );
}
