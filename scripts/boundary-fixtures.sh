#!/bin/sh
# Writes the small shapefile ZIPs the section-boundary tests read
# (apps/server/src/features/projects/fixtures/). Needs Debian's gdal-bin (ogr2ogr) and zip.
# Kept in the repository so the tests need neither; run again only to change them.
set -eu
out="$(cd "$(dirname "$0")/.." && pwd)/apps/server/src/features/projects/fixtures"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

# Two sections of KH2026 (开化县, 330824) and one code no section has, as WGS 84 GeoJSON.
cat > sections.geojson <<'JSON'
{"type":"FeatureCollection","features":[
{"type":"Feature","properties":{"BDBM":"KH-BD01","BDMC":"华埠镇标段"},"geometry":{"type":"Polygon","coordinates":[[[118.38,29.10],[118.44,29.10],[118.44,29.15],[118.38,29.15],[118.38,29.10]]]}},
{"type":"Feature","properties":{"BDBM":"KH-BD02","BDMC":"马金镇标段"},"geometry":{"type":"MultiPolygon","coordinates":[[[[118.40,29.30],[118.46,29.30],[118.46,29.35],[118.40,29.35],[118.40,29.30]]],[[[118.47,29.31],[118.49,29.31],[118.49,29.33],[118.47,29.31]]]]}},
{"type":"Feature","properties":{"BDBM":"KH-BD09","BDMC":"未建标段"},"geometry":{"type":"Polygon","coordinates":[[[118.20,29.00],[118.24,29.00],[118.24,29.04],[118.20,29.00]]]}}
]}
JSON
cat > points.geojson <<'JSON'
{"type":"FeatureCollection","features":[
{"type":"Feature","properties":{"BDBM":"KH-BD01"},"geometry":{"type":"Point","coordinates":[118.40,29.12]}}
]}
JSON

# CGCS2000 / 3-degree Gauss-Kruger CM 117E (EPSG:4548), UTF-8 attributes with a .cpg: what GIS staff export.
mkdir gk && ogr2ogr -f 'ESRI Shapefile' -s_srs EPSG:4326 -t_srs EPSG:4548 -lco ENCODING=UTF-8 gk/kh_sections.shp sections.geojson
(cd gk && zip -q -X "$out/kh-sections-cgcs2000-gk.zip" kh_sections.*)
# The same without its .prj: projected metres the server cannot place.
(cd gk && zip -q -X "$out/kh-sections-no-prj.zip" kh_sections.shp kh_sections.shx kh_sections.dbf kh_sections.cpg)
# Only the attribute table and the projection: no geometry at all.
(cd gk && zip -q -X "$out/kh-sections-no-shp.zip" kh_sections.dbf kh_sections.prj)
# GBK attributes without a .cpg (older ArcGIS exports), WGS 84.
mkdir gbk && ogr2ogr -f 'ESRI Shapefile' -lco ENCODING=CP936 gbk/kh_gbk.shp sections.geojson && rm -f gbk/kh_gbk.cpg
(cd gbk && zip -q -X "$out/kh-sections-gbk.zip" kh_gbk.*)
# Points, not polygons.
mkdir pts && ogr2ogr -f 'ESRI Shapefile' -lco ENCODING=UTF-8 pts/kh_points.shp points.geojson
(cd pts && zip -q -X "$out/kh-points.zip" kh_points.*)
ls -l "$out"
