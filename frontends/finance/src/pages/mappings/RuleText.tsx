import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { conditionsOf, type RuleDoc } from '../../lib/mapping-rules';

/** A rule's conditions as a sentence: "Description starts with “uber” and Third party contains “99”". */
export function useRuleSentences() {
  const { t } = useTranslation('finance');
  const when = (rule: Pick<RuleDoc, 'conditions' | 'join' | 'field_to_watch' | 'kind_of_watch' | 'text_to_match'>) =>
    conditionsOf(rule)
      .map((c) => t('mappings.condition', { field: t(`mappings.fields.${c.field_to_watch}`), kind: t(`mappings.watch.${c.kind_of_watch}`), text: c.text_to_match }))
      .join(` ${t(`mappings.join_word.${rule.join === 'or' ? 'or' : 'and'}`)} `);
  const then = (rule: Pick<RuleDoc, 'field_to_change' | 'kind_of_change' | 'text_to_change'>) =>
    t(`mappings.change.${rule.kind_of_change}`, { field: t(`mappings.fields.${rule.field_to_change}`), text: rule.text_to_change });
  return { when, then };
}

/** "When …, then …" in two lines. */
export function RuleText({ rule, size = 'sm' }: { rule: RuleDoc; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('finance');
  const { when, then } = useRuleSentences();
  return (
    <div>
      <Text size={size} style={{ overflowWrap: 'anywhere' }} data-testid="rule-when">
        <Text span size={size} c="dimmed">
          {t('mappings.when')}{' '}
        </Text>
        {when(rule)}
      </Text>
      <Text size={size} style={{ overflowWrap: 'anywhere' }} data-testid="rule-then">
        <Text span size={size} c="dimmed">
          {t('mappings.then')}{' '}
        </Text>
        {then(rule)}
      </Text>
    </div>
  );
}
