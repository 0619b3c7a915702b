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
const RADIUS = 6;
/** Marks of this many or more are drawn as small dots from this zoom out (a scene seen whole). */
const DOT_ZOOM = 17;

type Point = { c: DroneCandidate; at: L.LatLng; colour: string };

/**
 * Candidates drawn straight onto one canvas, one path per colour, from positions projected once
 * per zoom: 10,000 draw in a few milliseconds and a pan only moves the canvas (the pane carries
 * it) until it ends, then one redraw. Leaflet's own circle markers cost an object, events and a
 * bounds check each, and their renderer redrew every one on each move (issue 32 measured the
 * layer with 10,000 in e2e/drone.e2e.ts: performance marks `drone-candidates-draw`).
 */
class CandidatePoints extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;
  private points: Point[] = [];
  private projected: { zoom: number; xy: Float64Array } | null = null;
  constructor(private readonly onSelect: (c: DroneCandidate) => void) {
    super({ pane: 'overlayPane' });
  }

  setPoints(points: Point[]) {
    this.points = points;
    this.projected = null;
    this.redraw();
  }

  override onAdd(map: L.Map) {
    this.canvas = L.DomUtil.create('canvas', 'leaflet-layer');
    this.canvas.dataset.testid = 'drone-candidate-canvas';
    // The map takes the clicks (and finds the candidate under them); drags pass through.
    this.canvas.style.pointerEvents = 'none';
    this.getPane()!.appendChild(this.canvas);
    map.on('moveend zoomend resize viewreset', this.redraw, this);
    map.on('zoomstart', this.hide, this);
    map.on('click', this.click, this);
    map.on('mousemove', this.hover, this);
    this.redraw();
    return this;
  }

  override onRemove(map: L.Map) {
    map.off('moveend zoomend resize viewreset', this.redraw, this);
    map.off('zoomstart', this.hide, this);
    map.off('click', this.click, this);
    map.off('mousemove', this.hover, this);
    this.canvas?.remove();
    this.canvas = null;
    return this;
  }

  private hide() {
    if (this.canvas) this.canvas.style.visibility = 'hidden';
  }

  /** Pixel positions at the map's zoom (the layer's own origin), recomputed when the zoom changes. */
  private xy(map: L.Map): Float64Array {
    const zoom = map.getZoom();
    if (this.projected?.zoom === zoom) return this.projected.xy;
    const xy = new Float64Array(this.points.length * 2);
    this.points.forEach((p, i) => {
      const q = map.project(p.at, zoom);
      xy[2 * i] = q.x;
      xy[2 * i + 1] = q.y;
    });
    this.projected = { zoom, xy };
    return xy;
  }

  redraw() {
    const map = this._map as L.Map | undefined;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    performance.mark('drone-candidates-draw-start');
    const size = map.getSize();
    const ratio = window.devicePixelRatio || 1;
    const topLeft = map.containerPointToLayerPoint([0, 0]);
    L.DomUtil.setPosition(canvas, topLeft);
    canvas.width = size.x * ratio;
    canvas.height = size.y * ratio;
    canvas.style.width = `${size.x}px`;
    canvas.style.height = `${size.y}px`;
    canvas.style.visibility = '';
    const ctx = canvas.getContext('2d')!;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const xy = this.xy(map);
    const origin = map.getPixelOrigin().add(topLeft);
    const dots = map.getZoom() < DOT_ZOOM;
    const r = dots ? 2.5 : RADIUS;
    const byColour = new Map<string, number[]>();
    for (let i = 0; i < this.points.length; i++) {
      const x = xy[2 * i]! - origin.x;
      const y = xy[2 * i + 1]! - origin.y;
      if (x < -r || y < -r || x > size.x + r || y > size.y + r) continue;
      const c = this.points[i]!.colour;
      let list = byColour.get(c);
      if (!list) byColour.set(c, (list = []));
      list.push(x, y);
    }
    ctx.lineWidth = dots ? 1 : 2;
    for (const [colour, list] of byColour) {
      ctx.beginPath();
      for (let k = 0; k < list.length; k += 2) {
        ctx.moveTo(list[k]! + r, list[k + 1]!);
        ctx.arc(list[k]!, list[k + 1]!, r, 0, Math.PI * 2);
      }
      ctx.fillStyle = colour;
      ctx.globalAlpha = dots ? 0.8 : 0.35;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.strokeStyle = colour;
      ctx.stroke();
    }
    performance.measure('drone-candidates-draw', 'drone-candidates-draw-start');
  }

  /** The candidate nearest the pointer, within its mark's radius and a little. */
  private at(e: L.LeafletMouseEvent): DroneCandidate | undefined {
    const map = this._map as L.Map;
    const xy = this.xy(map);
    const p = map.project(e.latlng, map.getZoom());
    let best = -1;
    let bestD = (RADIUS + 3) ** 2;
    for (let i = 0; i < this.points.length; i++) {
      const d = (xy[2 * i]! - p.x) ** 2 + (xy[2 * i + 1]! - p.y) ** 2;
      if (d <= bestD) {
        bestD = d;
        best = i;
      }
    }
    return best >= 0 ? this.points[best]!.c : undefined;
  }

  private click(e: L.LeafletMouseEvent) {
    const c = this.at(e);
    if (c) this.onSelect(c);
  }

  private hover(e: L.LeafletMouseEvent) {
    const map = this._map as L.Map;
    map.getContainer().style.cursor = this.at(e) ? 'pointer' : '';
  }
}

/** Candidates at or above the slider's cut-off as marks coloured by state, redrawn when either changes. */
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
  const layer = useMemo(() => new CandidatePoints(onSelect), [onSelect]);
  useEffect(() => {
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, layer]);
  useEffect(() => {
    layer.setPoints(
      list
        .filter((c) => c.score >= minScore)
        .map((c) => ({ c, at: L.latLng(c.lat, c.lng), colour: colours[c.state] ?? '#d4380d' })),
    );
  }, [layer, list, minScore]);
  return null;
}
