import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ChangeResult } from '@app/proto';
import { createI18n } from '@app/ui';
import { timelineRows } from '@app/ui/src/rules/timeline-rows';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Timeline } from './Timeline';

const live = (seq: number, klass: string, id: string, label: string, action: ChangeResult['action'] = 'create', actor_label: string | null = null): ChangeResult => ({
  seq,
  id,
  klass,
  action,
  actor_label,
  changes: [{ rev: '1-a' }],
  doc: { _id: id, _rev: '1-a', label, updated_at: '2026-06-01T10:00:00Z' },
});

const changes: ChangeResult[] = [
  live(30, 'Ticket', 'tkt-1', '#1 Broken screen', 'create', 'Ana Maria'),
  live(29, 'Customer', 'cus-1', 'Maria'),
  live(28, 'AccountConfiguration', 'acn-1', 'maintenance', 'update', 'o…@shop.test'),
  live(27, 'AccountConfiguration', 'acn-2', 'checklist', 'update', 'Ana Maria'),
  { seq: 26, id: 'eqp-9', klass: 'Equipment', action: 'destroy', deleted: true, changes: [{ rev: '3-c' }], actor_label: 'Ana Maria' },
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
  it('shows each record with its kind, label and author, the settings run as one row and a deleted record by its id', () => {
    show('en');
    expect(rowTexts()).toEqual([
      expect.stringMatching(/^createdTicketTicket#1 Broken screenby Ana Maria/),
      expect.stringMatching(/^createdCustomerCustomerMaria/),
      expect.stringMatching(/^settings changed2 changesby o…@shop.test/),
      'deletedEquipmentEquipmenteqp-9by Ana Maria',
    ]);
  });

  it('says who did each change under its record, the newest one for a settings run, and nothing when no one is named', () => {
    show('en');
    const rows = screen.getAllByTestId('timeline-row');
    expect(rows.map((r) => within(r).queryByTestId('timeline-actor')?.textContent ?? null)).toEqual(['by Ana Maria', null, 'by o…@shop.test', 'by Ana Maria']);
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

  it('names actions, kinds and "por <who>" in Portuguese for a pt-BR user', () => {
    show('pt-BR');
    expect(rowTexts()).toEqual([
      expect.stringMatching(/^criadoChamadoChamado#1 Broken screenpor Ana Maria/),
      expect.stringMatching(/^criadoClienteClienteMaria/),
      expect.stringMatching(/^configurações alteradas2 alteraçõespor o…@shop.test/),
      'excluídoEquipamentoEquipamentoeqp-9por Ana Maria',
    ]);
  });

  it("names a membership's row by the member's full name or the invitation's masked address, linking to the member page", () => {
    const memberships = [live(41, 'Subscription', 'sub-1', 'mia@shop.test', 'update', 'Mia Member'), live(40, 'Subscription', 'sub-2', 'ben@shop.test', 'create', 'Olga Owner')];
    const people = new Map([
      ['sub-1', { fullname: 'Mia Member', email: 'mia@shop.test' }],
      ['sub-2', { fullname: null, email: 'ben@shop.test' }],
    ]);
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <MantineProvider>
          <MemoryRouter>
            <Timeline accountId="acc-1" rows={timelineRows(memberships)} people={people} />
          </MemoryRouter>
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(screen.getByRole('link', { name: 'Mia Member' }).getAttribute('href')).toBe('/account/acc-1/users/sub-1');
    expect(screen.getByRole('link', { name: 'b…@shop.test' }).getAttribute('href')).toBe('/account/acc-1/users/sub-2');
    expect(screen.queryByText(/mia@shop\.test|ben@shop\.test/)).toBeNull();
  });
});
