import { FEEDBACK_MAX_IMAGE_BYTES, FEEDBACK_MAX_IMAGES } from '@bible-qa/contract';
import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { useServices } from '../../lib/services.tsx';
import { deleteScreenshot, uploadScreenshot } from './feedback.queries.ts';
import { Toast } from '../../lib/overlays.ts';

/** What an uploader item carries beyond antd-mobile's: the stored image's id, or why the upload failed (spec §3). */
export interface ScreenshotExtra {
  status: 'done' | 'failed';
  imageId?: string;
  message?: string;
}
export type ScreenshotItem = ImageUploadItem & { extra: ScreenshotExtra };

/**
 * Up to six screenshots of at most 2 MB each (spec §5): a seventh is refused by the count limit, a larger file fires
 * the oversize message before anything is sent. While uploading, a cell shows antd-mobile's mask; a failed cell keeps
 * a mask with the server's message until it is deleted.
 */
export function ScreenshotUploader({
  value,
  onChange,
}: {
  value: ScreenshotItem[];
  onChange: (items: ScreenshotItem[]) => void;
}) {
  const { t } = useTranslation('feedback');
  const { api } = useServices();

  function onOversize(file: File) {
    Toast.show({ content: t('validation.imageTooLarge', { name: file.name }) });
  }

  async function upload(file: File): Promise<ScreenshotItem> {
    const preview = URL.createObjectURL(file);
    try {
      const image = await uploadScreenshot(api, file);
      return { key: image.id, url: preview, extra: { status: 'done', imageId: image.id } };
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : t('upload.failed');
      return { key: `failed-${Date.now()}-${file.name}`, url: preview, extra: { status: 'failed', message } };
    }
  }

  return (
    <ImageUploader
      data-testid="feedback-uploader"
      value={value}
      onChange={(items) => onChange(items as ScreenshotItem[])}
      upload={upload}
      accept="image/*"
      multiple
      maxCount={FEEDBACK_MAX_IMAGES}
      showFailed={false}
      onCountExceed={() => Toast.show({ content: t('validation.tooManyImages', { max: FEEDBACK_MAX_IMAGES }) })}
      beforeUpload={(file) => {
        if (file.size > FEEDBACK_MAX_IMAGE_BYTES) {
          onOversize(file);
          return null;
        }
        return file;
      }}
      onDelete={(item) => {
        const extra = (item as ScreenshotItem).extra;
        URL.revokeObjectURL(item.url);
        if (extra?.imageId) void deleteScreenshot(api, extra.imageId).catch(() => undefined);
        return true;
      }}
      renderItem={(node, item) => {
        const extra = (item as ScreenshotItem).extra;
        return (
          <div
            className="feedback-shot"
            data-testid="feedback-shot"
            data-status={extra?.status ?? 'done'}
            data-image-id={extra?.imageId ?? ''}
          >
            {node}
            {extra?.status === 'failed' ? (
              <div className="feedback-shot-mask" data-testid="feedback-shot-failed">
                <span>{extra.message}</span>
              </div>
            ) : null}
          </div>
        );
      }}
    />
  );
}
