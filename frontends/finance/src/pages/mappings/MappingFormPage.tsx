import { ActionIcon, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { fieldErrors, isApiError } from '@app/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TagBadges } from '../../components/TagBadges';
import { useDoc } from '../../hooks/finance';
import { useInvalidate } from '../../hooks/invalidate';
import { docs } from '../../lib/api';
import { RULE_CHANGE_KINDS, RULE_FIELDS, RULE_MAX_CONDITIONS, RULE_TARGETS, RULE_WATCH_KINDS, toTags } from '../../lib/contract';
import type { Errors } from '../../lib/field-errors';
import {
  conditionField,
  emptyCondition,
  initialRuleValues,
  ruleServerErrors,
  toRuleDocument,
  validateRule,
  type ConditionValues,
  type RuleDoc,
  type RuleValues,
} from '../../lib/mapping-rules';
import { accountPath, useRoute } from '../../routing';
import { ruleTitle } from './MappingsListPage';
import { ErrorBanner, FormActions, PageHeader } from '@app/module-kit';

/** New and edit of a mapping rule. */
export default function MappingFormPage() {
  const { t } = useTranslation('finance');
  const { accountId, recordId } = useRoute();
  const rule = useDoc<'Mapping'>(accountId, recordId);
  if (recordId && rule.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (recordId && !rule.data) return <ErrorBanner error={rule.error} onRetry={() => void rule.refetch()} retrying={rule.isFetching} />;
  const doc = rule.data as unknown as RuleDoc | undefined;
  return <MappingForm key={doc?._rev ?? 'new'} doc={doc} />;
}

/** A 422 with field errors, placed on the rule's inputs (a single condition's errors come under the spec's names). */
const serverErrors = (err: unknown): Errors => (isApiError(err) && err.status === 422 ? ruleServerErrors(fieldErrors(err.reason)) : {});

/**
 * What the rule applies to (outgos, incomes, transfers, exchanges), its conditions (a field, a test and a text; several
 * joined by "all" or "any"), the change (a field, replace/append/prepend, a text), its order and whether it is active.
 */
export function MappingForm({ doc }: { doc?: RuleDoc }) {
  const { t } = useTranslation('finance');
  const { accountId } = useRoute();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [values, setValues] = useState<RuleValues>(() => initialRuleValues(doc));
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<RuleValues>) => setValues((v) => ({ ...v, ...patch }));
  const setCondition = (index: number, patch: Partial<ConditionValues>) =>
    setValues((v) => ({ ...v, conditions: v.conditions.map((c, i) => (i === index ? { ...c, ...patch } : c)) }));
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (doc ? docs.update(accountId, doc._id, doc._rev, body) : docs.create(accountId, body)),
    onSuccess: async (reply) => {
      await invalidate();
      navigate(accountPath(accountId, 'mappings', reply.id));
    },
    onError: (err) => setErrors(serverErrors(err)),
  });
  const submit = () => {
    const found = validateRule(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(toRuleDocument(values, doc));
  };
  const tr = (key: string | undefined) => key && t(key, { ns: ['finance', 'translation'] });
  const options = <T extends string>(list: readonly T[], prefix: string) => list.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const select = <T extends string>(label: string, value: T, list: readonly T[], prefix: string, onChange: (v: T) => void, error?: string, testid?: string) => (
    <Select
      label={label}
      data={options(list, prefix)}
      value={value}
      onChange={(v) => v && onChange(v as T)}
      allowDeselect={false}
      error={tr(error)}
      comboboxProps={{ withinPortal: true }}
      data-testid={testid}
    />
  );
  const several = values.conditions.length > 1;
  const title = doc ? t('common.edit_title', { name: ruleTitle(doc, t) }) : t('entities.mappings.new');
  const unplaced = Object.entries(errors).filter(([f]) => !/^conditions\.\d+\./.test(f) && !['description', 'order', 'target', 'text_to_change', 'field_to_change', 'kind_of_change', 'join'].includes(f));
  return (
    <Stack>
      <PageHeader title={title} back={{ to: accountPath(accountId, 'mappings', doc?._id), label: doc ? ruleTitle(doc, t) : t('entities.mappings.many') }} />
      {!Object.keys(serverErrors(save.error)).length && <ErrorBanner error={save.error} />}
      <Paper withBorder radius="md" p="md" component="form" noValidate onSubmit={(e: React.FormEvent) => (e.preventDefault(), submit())}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('mappings.description')} name="description" value={values.description} onChange={(e) => set({ description: e.currentTarget.value })} error={tr(errors.description)} />
            {select(t('mappings.target'), values.target, RULE_TARGETS, 'mappings.targets', (target) => set({ target }), errors.target, 'rule-target')}
            <TextInput
              label={t('mappings.order')}
              description={t('mappings.order_hint')}
              name="order"
              inputMode="numeric"
              value={values.order}
              onChange={(e) => set({ order: e.currentTarget.value })}
              error={tr(errors.order)}
            />
            <Switch label={t('mappings.active')} checked={values.active} onChange={(e) => set({ active: e.currentTarget.checked })} mt={{ sm: 'xl' }} />
          </SimpleGrid>

          <Title order={3} size="h5">
            {t('mappings.when')}
          </Title>
          {several && (
            <SegmentedControl
              data={[
                { value: 'and', label: t('mappings.join.and') },
                { value: 'or', label: t('mappings.join.or') },
              ]}
              value={values.join}
              onChange={(v) => set({ join: v as RuleValues['join'] })}
              data-testid="rule-join"
            />
          )}
          {values.conditions.map((c, i) => (
            <Paper key={i} withBorder radius="sm" p="sm" data-testid="rule-condition">
              <Group align="flex-start" gap="xs" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ flex: 1, minWidth: 0 }}>
                  {select(t('mappings.field_to_watch'), c.field_to_watch, RULE_FIELDS, 'mappings.fields', (field_to_watch) => setCondition(i, { field_to_watch }), errors[conditionField(i, 'field_to_watch')])}
                  {select(t('mappings.kind_of_watch'), c.kind_of_watch, RULE_WATCH_KINDS, 'mappings.watch', (kind_of_watch) => setCondition(i, { kind_of_watch }), errors[conditionField(i, 'kind_of_watch')])}
                  <TextInput
                    label={t('mappings.text_to_match')}
                    description={c.kind_of_watch === 'regex' ? t('mappings.regex_hint') : undefined}
                    required
                    value={c.text_to_match}
                    onChange={(e) => setCondition(i, { text_to_match: e.currentTarget.value })}
                    error={tr(errors[conditionField(i, 'text_to_match')])}
                  />
                </SimpleGrid>
                {several && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    aria-label={t('mappings.remove_condition', { n: i + 1 })}
                    onClick={() => set({ conditions: values.conditions.filter((_, k) => k !== i) })}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
          {values.conditions.length < RULE_MAX_CONDITIONS && (
            <Group>
              <Button size="xs" variant="default" onClick={() => set({ conditions: [...values.conditions, emptyCondition()] })} data-testid="add-condition">
                {t('mappings.add_condition')}
              </Button>
            </Group>
          )}

          <Title order={3} size="h5">
            {t('mappings.then')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {select(t('mappings.field_to_change'), values.field_to_change, RULE_FIELDS, 'mappings.fields', (field_to_change) => set({ field_to_change }), errors.field_to_change, 'rule-field-to-change')}
            {select(t('mappings.kind_of_change'), values.kind_of_change, RULE_CHANGE_KINDS, 'mappings.change_kind', (kind_of_change) => set({ kind_of_change }), errors.kind_of_change, 'rule-kind-of-change')}
            <Stack gap={4}>
              <TextInput
                label={t('mappings.text_to_change')}
                description={values.field_to_change === 'categories' ? t('hints.categories') : undefined}
                value={values.text_to_change}
                onChange={(e) => set({ text_to_change: e.currentTarget.value })}
                error={tr(errors.text_to_change)}
              />
              {values.field_to_change === 'categories' && toTags(values.text_to_change).length > 0 && <TagBadges tags={toTags(values.text_to_change)} size="xs" />}
            </Stack>
          </SimpleGrid>
          {unplaced.length > 0 && (
            <Group gap="xs" data-testid="other-errors">
              {unplaced.map(([field, key]) => (
                <Text key={field} size="sm" c="red">
                  {field}: {tr(key)}
                </Text>
              ))}
            </Group>
          )}
          <FormActions saving={save.isPending} />
        </Stack>
      </Paper>
    </Stack>
  );
}
