import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ChangeResult } from '@app/proto';
import { createI18n } from '@app/ui';
import { timelineRows } from '@app/ui/src/rules/timeline-rows';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Timeline } from './Timeline';

const live = (seq: number, klass: string, id: string, label: string, action: ChangeResult['action'] = 'create'): ChangeResult => ({
  seq,
  id,
  klass,
  action,
  changes: [{ rev: '1-a' }],
  doc: { _id: id, _rev: '1-a', label, updated_at: '2026-06-01T10:00:00Z' },
});

const changes: ChangeResult[] = [
  live(30, 'Ticket', 'tkt-1', '#1 Broken screen'),
  live(29, 'Customer', 'cus-1', 'Maria'),
  live(28, 'AccountConfiguration', 'acn-1', 'maintenance', 'update'),
  live(27, 'AccountConfiguration', 'acn-2', 'checklist', 'update'),
  { seq: 26, id: 'eqp-9', klass: 'Equipment', action: 'destroy', deleted: true, changes: [{ rev: '3-c' }] },
];

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function show(language: string) {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <MantineProvider>
        <MemoryRouter initialEntries={['/account/acc-1']}>
          <Routes>
            <Route path="/account/acc-1" element={<Timeline accountId="acc-1" rows={timelineRows(changes)} />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** A row's text without the <style> elements Mantine puts beside responsive widths. */
const rowTexts = () =>
  screen.getAllByTestId('timeline-row').map((r) => {
    const copy = r.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('style').forEach((s) => s.remove());
    return copy.textContent;
  });

describe('Timeline', () => {
  it('shows each record with its kind and label, the settings run as one row and a deleted record by its id', () => {
    show('en');
    expect(rowTexts()).toEqual([
      expect.stringMatching(/^createdTicketTicket#1 Broken screen/),
      expect.stringMatching(/^createdCustomerCustomerMaria/),
      expect.stringMatching(/^settings changed2 changes/),
      'deletedEquipmentEquipmenteqp-9',
    ]);
  });

  it('links each live record to its page, the settings row to the admin page and a deleted record nowhere', () => {
    show('en');
    const rows = screen.getAllByTestId('timeline-row');
    expect(within(rows[0]).getByRole('link').getAttribute('href')).toBe('/account/acc-1/tickets/tkt-1');
    expect(within(rows[1]).getByRole('link').getAttribute('href')).toBe('/account/acc-1/customers/cus-1');
    expect(within(rows[2]).getByRole('link').getAttribute('href')).toBe('/account/acc-1/admin');
    expect(within(rows[3]).queryByRole('link')).toBeNull();
    fireEvent.click(within(rows[1]).getByRole('link'));
    expect(screen.getByTestId('where').textContent).toBe('/account/acc-1/customers/cus-1');
  });

  it('names actions and kinds in Portuguese for a pt-BR user', () => {
    show('pt-BR');
    expect(rowTexts()).toEqual([
      expect.stringMatching(/^criadoChamadoChamado#1 Broken screen/),
      expect.stringMatching(/^criadoClienteClienteMaria/),
      expect.stringMatching(/^configurações alteradas2 alterações/),
      'excluídoEquipamentoEquipamentoeqp-9',
    ]);
  });
});
