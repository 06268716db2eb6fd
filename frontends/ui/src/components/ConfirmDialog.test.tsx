import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { createI18n } from '../i18n';
import { ConfirmDialog, type ConfirmAlertProps, type ConfirmButtonProps, type ConfirmDialogParts, type ConfirmModalProps } from './ConfirmDialog';

// ConfirmDialog drawn by plain elements (the screens pass Mantine's Modal, Button and Alert), in each language.

function PlainModal({ opened, onClose, title, closeOnEscape, children }: ConfirmModalProps) {
  if (!opened) return null;
  return (
    <div role="dialog" aria-label={String(title)} onKeyDown={(e) => e.key === 'Escape' && closeOnEscape && onClose()}>
      <h2>{title}</h2>
      {children}
    </div>
  );
}
function PlainButton({ onClick, loading, disabled, children, color, 'data-testid': testId }: ConfirmButtonProps) {
  return (
    <button onClick={onClick} disabled={disabled || loading} aria-busy={loading || undefined} data-color={color} data-testid={testId}>
      {children}
    </button>
  );
}
function PlainAlert({ title, children }: ConfirmAlertProps) {
  return (
    <div role="alert">
      <strong>{title}</strong> {children}
    </div>
  );
}
const PARTS: ConfirmDialogParts = { Modal: PlainModal, Button: PlainButton, Alert: PlainAlert };

function Screen({ onConfirm, language = 'en' }: { onConfirm: () => Promise<unknown>; language?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <I18nextProvider i18n={createI18n(language)}>
      <button onClick={() => setOpen(true)}>open</button>
      <ConfirmDialog parts={PARTS} opened={open} name="Maria Silva" onConfirm={onConfirm} onClose={() => setOpen(false)} />
    </I18nextProvider>
  );
}

/** A promise settled from the test. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('ConfirmDialog', () => {
  it("asks with a title and the record's name, and Cancel closes it without deleting", () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    render(<Screen onConfirm={onConfirm} />);
    fireEvent.click(screen.getByText('open'));
    const dialog = screen.getByRole('dialog', { name: 'Delete this record?' });
    expect(dialog.textContent).toContain('This deletes “Maria Silva” for everyone in the group. It cannot be undone.');
    expect(screen.getByTestId('confirm-dialog-confirm').getAttribute('data-color')).toBe('red');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('is busy while deleting (Cancel and Escape wait) and closes once the deletion is done', async () => {
    const d = deferred();
    render(<Screen onConfirm={() => d.promise} />);
    fireEvent.click(screen.getByText('open'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Delete' }).getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    await act(async () => d.resolve());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the failure in the dialog and stays open; the next opening starts without it', async () => {
    const onConfirm = vi.fn(() => Promise.reject(new ApiError(409, 'conflict', 'Record updated by someone else, please refresh')));
    render(<Screen onConfirm={onConfirm} />);
    fireEvent.click(screen.getByText('open'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Conflict');
    expect(alert.textContent).toContain('Record updated by someone else, please refresh');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' }).getAttribute('aria-busy')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByText('open'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks Portuguese in pt-BR', () => {
    render(<Screen onConfirm={() => Promise.resolve()} language="pt-BR" />);
    fireEvent.click(screen.getByText('open'));
    const dialog = screen.getByRole('dialog', { name: 'Excluir este registro?' });
    expect(dialog.textContent).toContain('Isto exclui “Maria Silva” para todos do grupo. Não pode ser desfeito.');
    expect(screen.getByRole('button', { name: 'Excluir' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });
});
