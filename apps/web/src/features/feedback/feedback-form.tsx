import { FEEDBACK_CONTENT_MAX, FEEDBACK_MAX_IMAGES, FEEDBACK_TYPES, type FeedbackType } from '@bible-qa/contract';
import { Button, Form, Input, Selector, TextArea } from 'antd-mobile';
import { Dialog } from '../../lib/overlays.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../lib/services.tsx';
import { addFeedback } from './feedback.queries.ts';
import { ScreenshotUploader, type ScreenshotItem } from './screenshot-uploader.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?\d{7,15}$/;

/** A phone number or an e-mail address as typed; the server normalises and checks it again. */
export function looksLikeContact(raw: string): boolean {
  const value = raw.normalize('NFKC').trim();
  return EMAIL.test(value) || PHONE.test(value.replace(/[\s\-().]/g, ''));
}

/** The §5 checks before sending; answers the message key of the first problem. */
export function validateFeedback(input: {
  type: FeedbackType | null;
  content: string;
  contact: string;
  shots: ScreenshotItem[];
}): string | null {
  if (!input.type) return 'validation.typeRequired';
  if (!input.content.trim()) return 'validation.contentRequired';
  if (input.content.trim().length > FEEDBACK_CONTENT_MAX) return 'validation.contentTooLong';
  if (input.contact.trim() && !looksLikeContact(input.contact)) return 'validation.contactInvalid';
  if (input.shots.length > FEEDBACK_MAX_IMAGES) return 'validation.tooManyImages';
  if (input.shots.some((s) => s.extra.status !== 'done')) return 'validation.removeFailed';
  return null;
}

/** The submit tab: type, text, optional contact and screenshots (spec §2, §3, §5). */
export function FeedbackForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation('feedback');
  const { api } = useServices();
  const [type, setType] = useState<FeedbackType | null>(null);
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [shots, setShots] = useState<ScreenshotItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit() {
    const problem = validateFeedback({ type, content, contact, shots });
    setError(problem);
    if (problem || !type) return;
    setSending(true);
    try {
      const sent = await addFeedback(api, {
        type,
        content: content.trim(),
        contact: contact.trim() || undefined,
        imageIds: shots.map((s) => s.extra.imageId!),
      });
      // The receipt number the policy promises, kept in the records too.
      void Dialog.alert({
        title: t('sent'),
        content: (
          <div className="feedback-receipt" data-testid="feedback-receipt">
            <p>
              {t('receipt.label')} <strong data-testid="feedback-receipt-no">{sent.receiptNo}</strong>
            </p>
            <p>{t('receipt.hint')}</p>
          </div>
        ),
      });
      shots.forEach((s) => URL.revokeObjectURL(s.url));
      setType(null);
      setContent('');
      setContact('');
      setShots([]);
      onSent();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSending(false);
    }
  }

  return (
    <Form
      layout="vertical"
      data-testid="feedback-form"
      footer={
        <>
          {error ? (
            <div className="feedback-error" role="alert" data-testid="feedback-error">
              {t(error as 'validation.typeRequired', { max: FEEDBACK_MAX_IMAGES })}
            </div>
          ) : null}
          <Button block color="primary" loading={sending} data-testid="feedback-submit" onClick={() => void submit()}>
            {t('submit')}
          </Button>
        </>
      }
    >
      <Form.Item label={t('field.type')} required>
        <Selector
          data-testid="feedback-type"
          columns={2}
          value={type ? [type] : []}
          onChange={(values) => setType((values[0] as FeedbackType | undefined) ?? null)}
          options={FEEDBACK_TYPES.map((value) => ({
            value,
            label: <span data-testid={`feedback-type-${value}`}>{t(`type.${value}`)}</span>,
          }))}
        />
      </Form.Item>
      <Form.Item label={t('field.content')} required>
        <TextArea
          data-testid="feedback-content"
          value={content}
          onChange={(v) => {
            setContent(v);
            setError(null);
          }}
          placeholder={t('placeholder.content')}
          rows={4}
          maxLength={FEEDBACK_CONTENT_MAX}
          showCount
        />
      </Form.Item>
      <Form.Item label={t('field.screenshots', { max: FEEDBACK_MAX_IMAGES })} description={t('hint.screenshots')}>
        <ScreenshotUploader value={shots} onChange={setShots} />
      </Form.Item>
      <Form.Item label={t('field.contact')}>
        <Input
          data-testid="feedback-contact"
          value={contact}
          onChange={(v) => {
            setContact(v);
            setError(null);
          }}
          placeholder={t('placeholder.contact')}
          clearable
        />
      </Form.Item>
    </Form>
  );
}
