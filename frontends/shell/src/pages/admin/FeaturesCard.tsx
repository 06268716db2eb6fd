import { Button, Group, Paper, Select, Stack, Switch, Tabs, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountConfigKey, CONTRACT_RECEIPT, FEATURE_FLAGS } from '@app/proto';
import { ErrorBanner } from '../../components/ErrorBanner';
import { isDeployed, useDeployedModules } from '../../modules/deployed-modules';
import { MODULE_FLAGS, moduleFlagOn, type ModuleName } from '../../modules/active-module';
import { useSaveSetting, useSettings } from './admin-data';

// proto's setting keys and values, written out (a value import of proto's accounts module would bundle its schemas);
// the compiler checks them against proto
export const BOOLEAN_FEATURES = ['billing', 'checklist', 'maintenance', 'project-management'] as const satisfies readonly (typeof FEATURE_FLAGS)[number][];
export const CONTRACT_RECEIPT_VALUES = ['on-demand', 'always'] as const satisfies typeof CONTRACT_RECEIPT;
export const TEXT_FEATURES = ['estimate-observation', 'receipt-configuration'] as const satisfies readonly AccountConfigKey[];

/** The optional modules, each switched on by its flag (spec §3: budget, rdisk, textnotes, exoreader). */
export const FEATURE_MODULES = ['finance', 'disk', 'notes', 'reader'] as const satisfies readonly Exclude<ModuleName, 'ticket'>[];

/**
 * The features card: on-off switches (a module's switch only once its remote is deployed: switching on a module
 * that cannot load would only add a broken menu), the contract-receipt choice and the two receipt texts
 * (administrators edit).
 */
export function FeaturesCard({ accountId, isAdmin }: { accountId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const settings = useSettings(accountId);
  const save = useSaveSetting(accountId);
  const value = (key: string) => settings.data?.[key]?.value;
  const deployed = useDeployedModules();
  const config = settings.data ? Object.fromEntries(Object.entries(settings.data).map(([k, d]) => [k, d.value])) : undefined;
  const modules = FEATURE_MODULES.filter((name) => isDeployed(name, deployed));
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!settings.data) return;
    setTexts(Object.fromEntries(TEXT_FEATURES.map((k) => [k, typeof settings.data[k]?.value === 'string' ? (settings.data[k].value as string) : ''])));
  }, [settings.data]);
  const saveTexts = async () => {
    setSaved(false);
    for (const key of TEXT_FEATURES) {
      if ((texts[key] ?? '') !== (value(key) ?? '')) await save.mutateAsync({ key, value: texts[key] ?? '' });
    }
    setSaved(true);
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        {t('admin.features.title')}
      </Title>
      <ErrorBanner error={settings.error ?? save.error} />
      <Tabs defaultValue="on-off" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="on-off">{t('admin.features.on_off')}</Tabs.Tab>
          <Tabs.Tab value="select">{t('admin.features.select')}</Tabs.Tab>
          <Tabs.Tab value="text">{t('admin.features.text')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="on-off" pt="sm">
          <Stack gap="sm">
            {BOOLEAN_FEATURES.map((key) => (
              <Switch
                key={key}
                label={t(`admin.features.${key}`)}
                checked={value(key) === true}
                disabled={!isAdmin || !settings.data || save.isPending}
                onChange={(e) => save.mutate({ key, value: e.currentTarget.checked })}
              />
            ))}
            {modules.map((name) => (
              <Switch
                key={name}
                data-module-flag={MODULE_FLAGS[name]}
                label={t(`admin.features.${MODULE_FLAGS[name]}`)}
                checked={moduleFlagOn(config, name)}
                disabled={!isAdmin || !settings.data || save.isPending}
                onChange={(e) => save.mutate({ key: MODULE_FLAGS[name], value: e.currentTarget.checked })}
              />
            ))}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="select" pt="sm">
          <Select
            label={t('admin.features.contract-receipt')}
            required
            allowDeselect={false}
            disabled={!isAdmin || !settings.data}
            value={typeof value('contract-receipt') === 'string' ? (value('contract-receipt') as string) : 'on-demand'}
            data={CONTRACT_RECEIPT_VALUES.map((v) => ({ value: v, label: t(`admin.features.contract-receipt_${v}`) }))}
            onChange={(v) => v && save.mutate({ key: 'contract-receipt', value: v })}
            comboboxProps={{ withinPortal: true }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          <Stack gap="sm">
            {TEXT_FEATURES.map((key) => (
              <Textarea
                key={key}
                label={t(`admin.features.${key}`)}
                rows={5}
                readOnly={!isAdmin}
                value={texts[key] ?? ''}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setSaved(false);
                  setTexts((s) => ({ ...s, [key]: v }));
                }}
              />
            ))}
            {isAdmin && (
              <Group justify="flex-end">
                {saved && (
                  <Text size="sm" c="green">
                    {t('admin.features.saved')}
                  </Text>
                )}
                <Button onClick={() => void saveTexts().catch(() => undefined)} loading={save.isPending}>
                  {t('admin.features.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
