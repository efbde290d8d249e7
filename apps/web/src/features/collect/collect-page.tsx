import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page.tsx';

/**
 * /collect — one saved answer (spec §2). Until the collection service exists no saved answer can be found, so the
 * screen shows that state with the way back to the list.
 */
export function CollectPage() {
  const { t } = useTranslation('collections');
  const navigate = useNavigate();
  return (
    <Page testId="page-collect">
      <ErrorBlock
        status="empty"
        title={t('detail.missing')}
        description={t('detail.missingHint')}
        data-testid="collect-missing"
      >
        <Button color="primary" fill="outline" onClick={() => navigate('/collections')}>
          {t('detail.backToList')}
        </Button>
      </ErrorBlock>
    </Page>
  );
}
