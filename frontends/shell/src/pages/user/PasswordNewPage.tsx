import { useTranslation } from 'react-i18next';
import { EmailRequestForm } from './EmailRequestForm';

export default function PasswordNewPage() {
  const { t } = useTranslation();
  return <EmailRequestForm route="POST /_users/_password" title={t('password.new_title')} submit={t('password.new_submit')} done={t('password.on_the_way')} />;
}
