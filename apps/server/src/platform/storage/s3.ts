import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { lazy } from '../lazy.ts';
import type { ByteRange, Storage } from './storage.ts';

export type S3Options = {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

/** S3-compatible object storage (AWS, MinIO, Alibaba OSS). Streams up in parts; nothing is buffered whole. */
export function s3Storage(options: S3Options): Storage {
  // The SDK (~25 MB resident) is loaded on the first call, never on a server storing files locally.
  const sdk = lazy(async () => {
    const [s3, lib] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
    return { ...s3, Upload: lib.Upload, client: clientOf(s3.S3Client, options) };
  });
  const Bucket = options.bucket;
  return {
    driver: 's3',
    async put(key, body, contentType) {
      const { Upload, client } = await sdk();
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: contentType },
      });
      await upload.done();
    },
    async get(key, range?: ByteRange) {
      const { GetObjectCommand, client } = await sdk();
      const out = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return out.Body as Readable;
    },
    async delete(key) {
      const { DeleteObjectCommand, client } = await sdk();
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`Storage prefix must end in '/': ${prefix}`);
      const { ListObjectsV2Command, DeleteObjectsCommand, client } = await sdk();
      // A listing page holds at most 1,000 keys, as many as one DeleteObjects call takes.
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
        if (keys.length > 0)
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async size(key) {
      const { HeadObjectCommand, client } = await sdk();
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if ((error as { name?: string }).name === 'NotFound') return null;
        throw error;
      }
    },
  };
}

function clientOf(Client: typeof S3Client, options: S3Options): S3Client {
  return new Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  });
}
