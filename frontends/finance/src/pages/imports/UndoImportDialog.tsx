import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invalidateAfterWrite } from '../../hooks/invalidate';
import { imports, type ImportDoc } from '../../lib/api';
import { useRoute } from '../../routing';
import { DeleteDialog } from '@app/module-kit';

/**
 * Asked before an import is undone: its records still imported are deleted (one whose imported flag was removed is
 * kept). Afterwards the import, the lists and the balances are read again.
 */
export function UndoImportDialog({ doc, opened, onClose }: { doc: ImportDoc; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('finance');
  const { accountId } = useRoute();
  const queryClient = useQueryClient();
  const undo = async () => {
    const after = await imports.undo(accountId, doc._id);
    if (after) queryClient.setQueryData(['finance', 'import', accountId, doc._id], after);
    await invalidateAfterWrite(queryClient);
  };
  return (
    <DeleteDialog
      opened={opened}
      name={doc.label ?? doc._id}
      title={t('imports.undo_title')}
      message={t('imports.undo_message', { count: doc.created ?? 0 })}
      confirmLabel={t('imports.undo')}
      onConfirm={undo}
      onClose={onClose}
    />
  );
}
