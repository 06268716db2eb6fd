import { Alert, Button, FileButton } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@app/ui';
import { useTranslation } from 'react-i18next';
import { useFollowUp } from '../../hooks/actions';
import { reader } from '../../lib/api';
import { OPML_MAX_BYTES, opmlTooLarge } from '../../lib/contract';
import { ErrorBanner } from '@app/module-kit';

/** The file name an export is saved under: subscriptions-2026-05-10.opml. */
export const exportFileName = (now = new Date()) => `subscriptions-${now.toISOString().slice(0, 10)}.opml`;

/** Saves a text as a file through the browser's download. */
export function download(text: string, name: string, type = 'text/x-opml+xml'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Import (an OPML file chosen → `import_opml`, then what it made) and export (the `opml` view's document, downloaded). */
export function useOpml(accountId: string) {
  // the new subscriptions are fetched in the background: their titles and unread counts come a moment later
  const followUp = useFollowUp();
  const importing = useMutation({
    mutationFn: async (file: File) => {
      // the gateway refuses more; said here before the bytes travel
      if (file.size > OPML_MAX_BYTES) throw new ApiError(413, 'payload_too_large', opmlTooLarge(OPML_MAX_BYTES));
      return reader.importOpml(accountId, await file.text());
    },
    onSuccess: () => followUp(),
  });
  const exporting = useMutation({
    mutationFn: async () => download(await reader.exportOpml(accountId), exportFileName()),
  });
  return { importing, exporting };
}

export function OpmlButtons({ opml }: { opml: ReturnType<typeof useOpml> }) {
  const { t } = useTranslation('reader');
  return (
    <>
      <FileButton onChange={(file) => file && opml.importing.mutate(file)} accept=".opml,.xml,text/xml,application/xml,text/x-opml">
        {(props) => (
          <Button {...props} size="xs" variant="default" loading={opml.importing.isPending} data-testid="opml-import">
            {t('opml.import')}
          </Button>
        )}
      </FileButton>
      <Button size="xs" variant="default" onClick={() => opml.exporting.mutate()} loading={opml.exporting.isPending} data-testid="opml-export">
        {t('opml.export')}
      </Button>
    </>
  );
}

/** What the import made, or why it failed. */
export function OpmlOutcome({ opml }: { opml: ReturnType<typeof useOpml> }) {
  const { t } = useTranslation('reader');
  const report = opml.importing.data;
  return (
    <>
      <ErrorBanner error={opml.importing.error ?? opml.exporting.error} />
      {report && (
        <Alert color="green" variant="light" withCloseButton onClose={() => opml.importing.reset()} title={t('opml.imported')} data-testid="opml-report">
          {t('opml.report', {
            created: report.subscriptions_created ?? 0,
            skipped: report.subscriptions_skipped ?? 0,
            labels: report.labels_created ?? 0,
          })}
        </Alert>
      )}
    </>
  );
}
