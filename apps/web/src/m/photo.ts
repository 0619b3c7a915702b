/**
 * Photos are resized on the phone to at most 1600 px (JPEG) before they are queued. The canvas
 * drops the original EXIF, so its APP1 segment (time taken, GPS, camera) is copied into the new
 * file with the orientation reset to 1 (the canvas already drew the picture upright): the server
 * reads time and position from it as from any camera photo.
 */
export const MAX_SIDE = 1600;

export async function resizePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const out = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/jpeg', 0.85),
  );
  const exif = exifSegment(new Uint8Array(await file.arrayBuffer()));
  if (!exif) return out;
  const bytes = new Uint8Array(await out.arrayBuffer());
  return new Blob([bytes.slice(0, 2), exif, bytes.slice(2)], { type: 'image/jpeg' });
}

/** The APP1 "Exif" segment of a JPEG (marker included), orientation set to 1; null if none. */
export function exifSegment(jpeg: Uint8Array): Uint8Array<ArrayBuffer> | null {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    const length = (jpeg[at + 2]! << 8) | jpeg[at + 3]!;
    if (marker === 0xda) return null; // start of scan: no EXIF before the image data
    const isExif =
      marker === 0xe1 &&
      jpeg[at + 4] === 0x45 &&
      jpeg[at + 5] === 0x78 &&
      jpeg[at + 6] === 0x69 &&
      jpeg[at + 7] === 0x66;
    if (isExif) {
      const seg = jpeg.slice(at, at + 2 + length);
      resetOrientation(seg);
      return seg;
    }
    at += 2 + length;
  }
  return null;
}

/** Sets tag 0x0112 (orientation) of IFD0 to 1 in an APP1 segment, in place. */
function resetOrientation(seg: Uint8Array) {
  const tiff = 10; // FF E1, length (2), "Exif\0\0"
  if (seg.length < tiff + 8) return;
  const little = seg[tiff] === 0x49;
  const u16 = (o: number) => (little ? seg[o]! | (seg[o + 1]! << 8) : (seg[o]! << 8) | seg[o + 1]!);
  const u32 = (o: number) => (little ? u16(o) | (u16(o + 2) << 16) : (u16(o) << 16) | u16(o + 2)) >>> 0;
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > seg.length) return;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const e = ifd + 2 + i * 12;
    if (e + 12 > seg.length) return;
    if (u16(e) === 0x0112) {
      const v = e + 8;
      seg[v] = little ? 1 : 0;
      seg[v + 1] = little ? 0 : 1;
      return;
    }
  }
}
