/**
 * Reading a QR tag from a photo: the browser's own BarcodeDetector where it exists and knows QR
 * (Android Chrome), else the `barcode-detector` ponyfill (ZXing-C++ compiled to WebAssembly).
 * The ponyfill and its ~1 MB wasm load only when a scan needs them (a separate chunk, not in the
 * first bundle), and the wasm comes from this server's /assets/ (never the library's default CDN),
 * so the service worker can keep it for offline use.
 */
type Found = { rawValue: string };
type Detector = { detect(source: ImageBitmapSource | Blob): Promise<Found[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};
declare const BarcodeDetector: DetectorClass | undefined;

let fallback: Promise<Detector> | null = null;

async function nativeDetector(): Promise<Detector | null> {
  if (typeof BarcodeDetector === 'undefined') return null;
  try {
    const formats = (await BarcodeDetector.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new BarcodeDetector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

function fallbackDetector(): Promise<Detector> {
  fallback ??= (async () => {
    const [{ BarcodeDetector: Ponyfill, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
      import('barcode-detector/ponyfill'),
      import('zxing-wasm/reader/zxing_reader.wasm?url'),
    ]);
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
      },
      fireImmediately: true,
    });
    return new Ponyfill({ formats: ['qr_code'] });
  })();
  fallback.catch(() => {
    fallback = null; // a failed load (offline before the first scan) is tried again next time
  });
  return fallback;
}

/** The first QR code's text in the photo, or null when none is found. */
export async function readQr(photo: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(photo);
  try {
    const detector = (await nativeDetector()) ?? (await fallbackDetector());
    const found = await detector.detect(bitmap);
    return found[0]?.rawValue ?? null;
  } finally {
    bitmap.close();
  }
}
