/**
 * A module (or anything costly) loaded on first use and shared by every later use; a failed load
 * is tried again on the next call. The heavy libraries only some calls need (spreadsheets, PDF,
 * shapefiles, S3, image processing) are loaded this way, so a server at rest does not hold them.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}
