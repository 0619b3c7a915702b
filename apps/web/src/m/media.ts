import type { PickedMedia } from './Form.tsx';
import { resizePhoto } from './photo.ts';
import type { MediaRef } from './queue.ts';

/**
 * Picked media in the blob store's shape (store.saveWithBlobs): photos resized (EXIF kept), videos
 * as they are, each under a fresh key that the queue item refers to.
 */
export async function prepareMedia(
  media: PickedMedia[],
): Promise<{ blobs: Record<string, Blob>; refs: MediaRef[] }> {
  const blobs: Record<string, Blob> = {};
  const refs: MediaRef[] = [];
  for (const m of media) {
    const key = crypto.randomUUID();
    blobs[key] = m.kind === 'photo' ? await resizePhoto(m.blob) : m.blob;
    refs.push({ field: m.field, key, kind: m.kind });
  }
  return { blobs, refs };
}
