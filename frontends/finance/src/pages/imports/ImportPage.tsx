import type { CsvUploadReply, WalletDoc } from '@app/proto';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NoWalletsNotice, WalletSelect } from '../../components/WalletSelect';
import { useWallets } from '../../hooks/finance';
import { importsKey, useMappedPreview, useRules } from '../../hooks/imports';
import { imports } from '../../lib/api';
import { serverFieldErrors } from '../../lib/field-errors';
import { tryRecordsOf, withMapped } from '../../lib/mapping-rules';
import { walletDigits } from '../../lib/money';
import { reasonText } from '../../lib/reasons';
import {
  checkChoices,
  chooseColumn,
  columnsOf,
  dateColumnOf,
  guessChoices,
  initialOptions,
  mustChooseDateFormat,
  PREVIEW_REASONS,
  previewDateFormat,
  previewRecords,
  splitRows,
  type ColumnChoice,
  type StatementOptions,
} from '../../lib/statement';
import { useRoute } from '../../routing';
import { ColumnMatcher } from './ColumnMatcher';
import { DateChoice } from './DateChoice';
import { FilePicker } from './FilePicker';
import { ImportOptions } from './ImportOptions';
import { ImportProgress } from './ImportProgress';
import { PastImports } from './PastImports';
import { FileRows, PreviewTable } from './StatementTables';
import { ErrorBanner, PageHeader } from '@app/module-kit';

/** The wallet an import starts on: the one in the link (`?wallet=`), else the only active one. */
function startingWallet(wallets: WalletDoc[] | undefined, asked: string | null): string | null {
  const active = (wallets ?? []).filter((w) => w.active !== false);
  if (asked && active.some((w) => w._id === asked)) return asked;
  return active.length === 1 ? active[0]._id : null;
}

/**
 * wallets-upload (spec §2, §3 CSV import, §5): a wallet and a bank statement (chosen or dropped); the file's dialect and
 * first rows; each column matched to what it holds; the options — and, when the file's dates read as different days in
 * two formats, a date of it read both ways for the person to choose; the first rows as they will be saved (the mapping
 * rules applied by the service); Import, then a progress bar and the outcome (created, duplicates) with Undo; the past
 * imports below.
 */
export default function ImportPage() {
  const { t } = useTranslation('finance');
  const { accountId } = useRoute();
  const [search] = useSearchParams();
  const wallets = useWallets(accountId);
  const rules = useRules(accountId);
  const queryClient = useQueryClient();
  const [walletChoice, setWalletChoice] = useState<string | null | undefined>(undefined);
  const walletId = walletChoice === undefined ? startingWallet(wallets.data, search.get('wallet')) : walletChoice;
  const wallet = wallets.data?.find((w) => w._id === walletId);
  const [fileName, setFileName] = useState<string | null>(null);
  const [reply, setReply] = useState<CsvUploadReply | null>(null);
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const [options, setOptions] = useState<StatementOptions | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [walletError, setWalletError] = useState<string | null>(null);
  const [started, setStarted] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: (file: File) => imports.upload(accountId, file),
    onMutate: (file) => {
      setFileName(file.name);
      setReply(null);
      setRefusal(null);
    },
    onSuccess: (answer) => {
      const opts = initialOptions(answer);
      const { header, data } = splitRows(answer, opts);
      setReply(answer);
      setOptions(opts);
      setChoices(guessChoices(header, data, answer.columns));
    },
  });
  const start = useMutation({
    mutationFn: () =>
      imports.start(accountId, {
        upload_id: reply!.upload_id,
        wallet_id: walletId!,
        columns: columnsOf(choices),
        first_line_is_header: options!.first_line_is_header,
        ignore_line_one: options!.ignore_line_one,
        date_format: options!.date_format,
        most_items_are: options!.most_items_are,
        apply_mappings: options!.apply_mappings,
        description: fileName,
      }),
    onSuccess: async (answer) => {
      setStarted(answer.id);
      await queryClient.invalidateQueries({ queryKey: importsKey(accountId) });
    },
  });

  const activeRules = useMemo(() => (rules.data ?? []).filter((r) => r.active !== false), [rules.data]);
  const split = useMemo(() => (reply && options ? splitRows(reply, options) : null), [reply, options]);
  // the whole file's reading of the date column: the preview reads the dates as it does
  const dates = reply ? dateColumnOf(reply, choices) : null;
  const chooseDates = !!options && mustChooseDateFormat(dates, options);
  const dateFormat = options ? previewDateFormat(dates, options) : null;
  const read = useMemo(
    () => (split && options ? previewRecords(split.data, choices, { ...options, date_format: dateFormat }, walletDigits(wallet)) : null),
    [split, options, choices, wallet, dateFormat],
  );
  // the rules are the service's to apply (its bounded matcher): the preview asks it
  const toMap = useMemo(() => (read ? tryRecordsOf(read.records) : []), [read]);
  const mapping = useMappedPreview(accountId, toMap, !!options?.apply_mappings && activeRules.length > 0);
  const preview = read && { ...read, records: options?.apply_mappings && activeRules.length > 0 ? withMapped(read.records, mapping.data) : read.records };

  const changeOptions = (patch: Partial<StatementOptions>) => {
    if (!options || !reply) return;
    const next = { ...options, ...patch };
    setOptions(next);
    // another header line: the columns are matched anew from its names
    if (patch.first_line_is_header !== undefined || patch.ignore_line_one !== undefined) {
      const { header, data } = splitRows(reply, next);
      setChoices(guessChoices(header, data, reply.columns));
    }
    setRefusal(null);
    start.reset();
  };
  const submit = () => {
    const problem = checkChoices(choices) ?? (chooseDates ? PREVIEW_REASONS.ambiguousDates : null);
    setRefusal(problem);
    setWalletError(walletId ? null : 'validation.cant-be-blank');
    if (problem || !walletId) return;
    start.mutate();
  };
  const reset = () => {
    setStarted(null);
    setReply(null);
    setOptions(null);
    setFileName(null);
    setRefusal(null);
    upload.reset();
    start.reset();
  };
  // what the import would refuse the whole file with before reading any line (no date at all); a matching the import
  // refuses first says so when Import is pressed
  const wholeFileRefusal = preview?.refusal && (preview.refusal === PREVIEW_REASONS.noRows || !checkChoices(choices)) ? preview.refusal : null;
  // the service's refusals of a field (an inactive wallet, dates that read two ways) under that field
  const startErrors = serverFieldErrors(start.error);
  const shownWalletError = walletError ?? startErrors.wallet_id ?? null;
  const hasActive = (wallets.data ?? []).some((w) => w.active !== false);
  const dataLines = reply && options ? Math.max(0, reply.lines - (options.ignore_line_one ? 1 : 0) - (options.first_line_is_header ? 1 : 0)) : 0;

  return (
    <Stack>
      <PageHeader title={t('imports.title')} />
      {started ? (
        <ImportProgress id={started} wallet={wallet} fileName={fileName} onAgain={reset} />
      ) : (
        <>
          <Text c="dimmed" size="sm">
            {t('imports.intro')}
          </Text>
          {wallets.isSuccess && !hasActive && <NoWalletsNotice accountId={accountId} />}
          <Paper withBorder radius="md" p="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <WalletSelect
                label={t('fields.wallet_id')}
                name="wallet_id"
                wallets={wallets.data}
                loading={wallets.isPending}
                value={walletId}
                onChange={(id) => {
                  setWalletChoice(id);
                  setWalletError(null);
                  start.reset();
                }}
                description={t('imports.wallet_hint')}
                error={shownWalletError ? t(shownWalletError, { ns: ['finance', 'translation'] }) : undefined}
              />
              <FilePicker fileName={fileName} busy={upload.isPending} onFile={(file) => upload.mutate(file)} />
            </SimpleGrid>
          </Paper>
          <ErrorBanner error={upload.error} />
          {reply && options && split && preview && (
            <>
              <FileRows reply={reply} fileName={fileName} header={split.header} rows={split.data} />
              <ColumnMatcher header={split.header} rows={split.data} choices={choices} onChoose={(i, c) => (setChoices((cs) => chooseColumn(cs, i, c)), setRefusal(null))} />
              <ImportOptions
                options={options}
                detected={dateFormat ?? preview.date_format}
                twoWays={chooseDates}
                dateError={startErrors.date_format}
                activeRules={activeRules.length}
                onChange={changeOptions}
              />
              {dates?.sample && dates.formats.length > 1 && <DateChoice column={dates} chosen={options.date_format} onChoose={(date_format) => changeOptions({ date_format })} />}
              <ErrorBanner error={mapping.error} onRetry={() => void mapping.refetch()} retrying={mapping.isFetching} />
              <PreviewTable records={preview.records} wallet={wallet} total={dataLines} refusal={wholeFileRefusal} undecidedDates={chooseDates} />
              {refusal && (
                <Alert color="red" variant="light" role="alert" title={t('errors.title.unprocessable_entity')} data-testid="import-refusal">
                  {reasonText(t, refusal)}
                </Alert>
              )}
              {!Object.keys(startErrors).some((f) => f === 'wallet_id' || f === 'date_format') && <ErrorBanner error={start.error} />}
              <Group justify="flex-end">
                <Button variant="default" onClick={reset}>
                  {t('common.cancel')}
                </Button>
                <Button onClick={submit} loading={start.isPending} data-testid="start-import">
                  {t('imports.import')}
                </Button>
              </Group>
            </>
          )}
        </>
      )}
      <PastImports wallets={wallets.data} />
    </Stack>
  );
}
