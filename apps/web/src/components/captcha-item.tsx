import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AccountFormController } from './use-account-form.ts';

interface CaptchaItemProps {
  form: AccountFormController;
  /** Prefix of the data-testids: `<prefix>-captcha`, `-captcha-image`, `-captcha-refresh`, `-captcha-widget`. */
  testId: string;
  onEnter?: () => void;
  /** A provider's puzzle was solved: carry on with its answer (send the code, continue to Google). */
  onSolved?: (answer: string) => void;
}

/**
 * The captcha in an account form: the server's image with a field for its characters (tap the image for another),
 * or, with Tencent Captcha or GeeTest, a button that opens the provider's puzzle.
 */
export function CaptchaItem({ form, testId, onEnter, onSolved }: CaptchaItemProps) {
  const { t } = useTranslation('login');
  const { captcha } = form;

  if (captcha && captcha.provider !== 'builtin') {
    const solved = form.values.captcha !== '';
    return (
      <Form.Item label={t('field.verify')}>
        <Button
          size="small"
          fill="outline"
          color={solved ? 'success' : 'primary'}
          data-testid={`${testId}-captcha-widget`}
          loading={form.solving}
          disabled={solved}
          onClick={() =>
            void form.solveWidget().then((answer) => {
              if (answer) onSolved?.(answer);
            })
          }
        >
          {t(solved ? 'captcha.verified' : 'captcha.widget')}
        </Button>
      </Form.Item>
    );
  }

  return (
    <Form.Item
      label={t('field.captcha')}
      extra={
        <button
          type="button"
          className="form-captcha"
          data-testid={`${testId}-captcha-refresh`}
          aria-label={t('action.refreshCaptcha')}
          onClick={() => void form.refreshCaptcha()}
        >
          {captcha ? (
            <img src={captcha.captcha} alt={t('field.captcha')} data-testid={`${testId}-captcha-image`} />
          ) : (
            t('action.getCaptcha')
          )}
        </button>
      }
    >
      <Input
        data-testid={`${testId}-captcha`}
        autoComplete="off"
        autoCapitalize="off"
        maxLength={16}
        placeholder={t('placeholder.captcha')}
        value={form.values.captcha}
        onChange={(value) => form.set('captcha', value)}
        onEnterPress={onEnter}
      />
    </Form.Item>
  );
}
