import { useTranslation } from 'react-i18next';
import { EmailRequestForm } from './EmailRequestForm';

export default function ConfirmNewPage() {
  const { t } = useTranslation();
  return <EmailRequestForm route="POST /_users/_confirmation" title={t('confirm.new_title')} submit={t('confirm.new_submit')} done={t('confirm.sent')} />;
}
