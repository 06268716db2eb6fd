import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useModuleName } from '../frame/module-context';

/** The foot of every record form: Cancel goes back, Save submits (spinning while the write is under way). */
export function FormActions({ saving }: { saving: boolean }) {
  const { t } = useTranslation(useModuleName());
  const navigate = useNavigate();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={() => navigate(-1)}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving}>
        {t('common.save')}
      </Button>
    </Group>
  );
}
