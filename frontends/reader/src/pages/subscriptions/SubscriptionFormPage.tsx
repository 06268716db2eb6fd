import type { ReaderSubscriptionDoc } from '@app/proto';
import { Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useInvalidate } from '../../hooks/invalidate';
import { useLabels, useSubscription } from '../../hooks/reader';
import { docs } from '../../lib/api';
import { fieldMessage, isFieldError, serverFieldErrors } from '../../lib/field-errors';
import {
  httpFallback,
  initialSubscriptionValues,
  subscriptionName,
  toSubscriptionDocument,
  validateSubscription,
  worthTryingHttp,
  type Errors,
  type SubscriptionValues,
} from '../../lib/subscriptions';
import { accountPath, useRoute } from '../../routing';
import { ErrorBanner, FormActions, PageHeader } from '@app/module-kit';

/** New and edit of a subscription. */
export default function SubscriptionFormPage() {
  const { t } = useTranslation('reader');
  const { accountId, recordId } = useRoute();
  const sub = useSubscription(accountId, recordId);
  if (recordId && sub.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (recordId && !sub.data) return <ErrorBanner error={sub.error} onRetry={() => void sub.refetch()} retrying={sub.isFetching} />;
  return <SubscriptionForm key={sub.data?._rev ?? 'new'} doc={sub.data} />;
}

/**
 * The address of a site or of its feed (the service finds the feed of a page and keeps the page as the site), the
 * label, the title (the feed's own unless customized) and whether it is fetched (active).
 */
export function SubscriptionForm({ doc }: { doc?: ReaderSubscriptionDoc }) {
  const { t } = useTranslation('reader');
  const { accountId } = useRoute();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const labels = useLabels(accountId);
  const [values, setValues] = useState<SubscriptionValues>(() => initialSubscriptionValues(doc, search.get('label')));
  const [errors, setErrors] = useState<Errors>({});
  // an address typed without a scheme is tried as https, then as http when https could not connect: both answers
  const [tried, setTried] = useState<Array<{ url: string; key: string }> | null>(null);
  const set = (patch: Partial<SubscriptionValues>) => setValues((v) => ({ ...v, ...patch }));
  const send = (body: Record<string, unknown>) => (doc ? docs.update(accountId, doc._id, doc._rev, body) : docs.create(accountId, body));
  const save = useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      setTried(null);
      try {
        return await send(body);
      } catch (err) {
        const http = httpFallback(values.url);
        const first = serverFieldErrors(err).url;
        if (!http || !worthTryingHttp(first)) throw err;
        try {
          return await send({ ...body, url: http });
        } catch (second) {
          const again = serverFieldErrors(second).url;
          if (again) setTried([{ url: String(body.url), key: first }, { url: http, key: again }]);
          throw second;
        }
      }
    },
    onSuccess: async (reply) => {
      await invalidate();
      navigate(accountPath(accountId, 'reader_subscriptions', reply.id));
    },
    onError: (err) => setErrors(serverFieldErrors(err)),
  });
  const submit = () => {
    const found = validateSubscription(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(toSubscriptionDocument(values, doc));
  };
  const tr = (key: string | undefined) => key && fieldMessage(t, key);
  const labelOptions = (labels.data ?? []).map((l) => ({ value: l._id, label: l.name ?? l._id }));
  return (
    <Stack>
      <PageHeader
        title={doc ? t('common.edit_title', { name: subscriptionName(doc) }) : t('subscriptions.new')}
        back={{ to: accountPath(accountId, 'reader_subscriptions', doc?._id), label: doc ? subscriptionName(doc) : t('subscriptions.many') }}
      />
      {!isFieldError(save.error) && <ErrorBanner error={save.error} />}
      <Paper withBorder radius="md" p="md" component="form" noValidate onSubmit={(e: React.FormEvent) => (e.preventDefault(), submit())}>
        <Stack>
          <TextInput
            label={t('fields.url')}
            description={t('hints.url')}
            name="url"
            type="url"
            inputMode="url"
            required
            autoFocus={!doc}
            placeholder="https://example.com"
            value={values.url}
            onChange={(e) => {
              set({ url: e.currentTarget.value });
              setTried(null);
            }}
            error={
              tried
                ? t('hints.tried_both', { first: tried[0].url, firstError: tr(tried[0].key), second: tried[1].url, secondError: tr(tried[1].key) })
                : tr(errors.url)
            }
          />
          {doc?.basic_auth_user ? (
            <Switch
              label={t('hints.keep_sign_in', { user: doc.basic_auth_user })}
              description={t('hints.keep_sign_in_description')}
              name="keep_sign_in"
              checked={values.keep_sign_in}
              onChange={(e) => set({ keep_sign_in: e.currentTarget.checked })}
            />
          ) : (
            <Text size="sm" c="dimmed" data-testid="sign-in-hint">
              {t('hints.sign_in')}
            </Text>
          )}
          <Select
            label={t('fields.label')}
            name="reader_label_id"
            data={labelOptions}
            value={values.reader_label_id}
            onChange={(v) => set({ reader_label_id: v })}
            placeholder={t('hints.no_label')}
            clearable
            error={tr(errors.reader_label_id)}
            comboboxProps={{ withinPortal: true }}
          />
          <Switch label={t('fields.customize_title')} name="customize_title" checked={values.customize_title} onChange={(e) => set({ customize_title: e.currentTarget.checked })} />
          {values.customize_title ? (
            <TextInput label={t('fields.title')} name="title" required value={values.title} onChange={(e) => set({ title: e.currentTarget.value })} error={tr(errors.title)} />
          ) : (
            <Text size="sm" c="dimmed">
              {doc?.title ? t('hints.feed_title', { title: doc.title }) : t('hints.title_from_feed')}
            </Text>
          )}
          <Switch label={t('fields.active')} description={t('hints.active')} name="active" checked={values.active} onChange={(e) => set({ active: e.currentTarget.checked })} />
          <FormActions saving={save.isPending} />
        </Stack>
      </Paper>
    </Stack>
  );
}
