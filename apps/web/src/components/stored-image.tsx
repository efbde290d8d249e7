import { Image, ImageViewer } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useServices } from '../lib/services.tsx';

/**
 * An uploaded image, which the API serves only with the Authorization header (owner and admins): fetched as a Blob
 * and shown from an object URL, revoked when the component goes. Tapping opens the full-size preview.
 */
export function StoredImage({ id, testId, size = 72 }: { id: string; testId?: string; size?: number }) {
  const { api } = useServices();
  const [url, setUrl] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    api
      .get<Blob>(`/portal/upload/image/${id}`, { raw: true, signal: controller.signal })
      .then((blob) => {
        if (!(blob instanceof Blob) || !blob.type.startsWith('image/')) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, id]);
  return (
    <>
      <Image
        src={url ?? undefined}
        width={size}
        height={size}
        fit="cover"
        style={{ borderRadius: 4 }}
        data-testid={testId}
        data-loaded={url ? 'true' : 'false'}
        onClick={() => url && setOpen(true)}
      />
      {url ? <ImageViewer image={url} visible={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
