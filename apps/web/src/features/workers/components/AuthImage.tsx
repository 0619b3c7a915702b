import { Image } from 'antd';
import { useEffect, useState } from 'react';
import { download } from '../../../shared/http.ts';

/** A stored image: files need the session token, which an <img> cannot send, so it is fetched. */
export function AuthImage({ url, size = 64 }: { url: string | null | undefined; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let href: string | null = null;
    let live = true;
    download('GET', url, { silent: true })
      .then(({ blob }) => {
        if (!live) return;
        href = URL.createObjectURL(blob);
        setSrc(href);
      })
      .catch(() => setSrc(null));
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [url]);
  if (!url || !src) return null;
  return <Image width={size} height={size} style={{ objectFit: 'cover' }} src={src} />;
}
