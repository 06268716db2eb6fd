import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { phoneWindow } from '@app/ui/src/testing/phone-window';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFind, renderAt, selectorOf, stubApi, type Call } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const UBER = {
  _id: 'map-uber',
  _rev: '1-a',
  klass: 'Mapping',
  created_at: '2026-10-01T10:00:00Z',
  description: 'Uber rides',
  active: true,
  order: 1,
  target: 'outgo',
  field_to_watch: 'description',
  kind_of_watch: 'starts_with',
  text_to_match: 'uber',
  field_to_change: 'categories',
  kind_of_change: 'replace',
  text_to_change: 'Transporte, Trabalho',
};
const BAKERY = {
  _id: 'map-bakery',
  _rev: '2-b',
  klass: 'Mapping',
  created_at: '2026-10-02T10:00:00Z',
  active: false,
  target: 'income',
  conditions: [
    { field_to_watch: 'third_party', kind_of_watch: 'contains', text_to_match: 'padaria' },
    { field_to_watch: 'categories', kind_of_watch: 'equals', text_to_match: 'food' },
  ],
  join: 'or',
  field_to_change: 'description',
  kind_of_change: 'append',
  text_to_change: '(café)',
};

const postOf = (calls: Call[]) => calls.find((c) => c.method === 'POST' && c.url === '/acc-1');
const underField = (input: HTMLElement) => within(input.closest('.mantine-InputWrapper-root') as HTMLElement);

async function choose(input: HTMLElement, option: string) {
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const list = document.getElementById(input.getAttribute('aria-controls')!) as HTMLElement;
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

// the first render of a file loads the lazy routes: more than 5 s when the machine is busy
describe('the mapping rules list', { timeout: 20_000 }, () => {
  it('lists the rules in the order they apply, each as "when … then …", with its target and whether it is active', async () => {
    stubApi((call) => (isFind(call, 'Mapping') ? { body: { docs: [BAKERY, UBER] } } : undefined));
    renderAt('/account/acc-1/mappings');
    const rows = await screen.findAllByTestId('rule-row');
    const first = within(rows[0]);
    expect(first.getByRole('link', { name: 'Uber rides' }).getAttribute('href')).toBe('/account/acc-1/mappings/map-uber');
    expect(first.getByTestId('rule-when').textContent).toBe('When Description starts with “uber”');
    expect(first.getByTestId('rule-then').textContent).toBe('Then Categories: replace with “Transporte, Trabalho”');
    expect(first.getByText('Expenses')).toBeTruthy();
    const second = within(rows[1]);
    expect(second.getByRole('link', { name: 'Revenues: Description' })).toBeTruthy();
    expect(second.getByTestId('rule-when').textContent).toBe('When Third party contains “padaria” or Categories equals “food”');
    expect(second.getByText('Inactive')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New' }).getAttribute('href')).toBe('/account/acc-1/mappings/new');
  });

  it('says it in pt-BR, as cards on a phone', async () => {
    phoneWindow();
    stubApi((call) => (isFind(call, 'Mapping') ? { body: { docs: [UBER] } } : undefined));
    renderAt('/account/acc-1/mappings', 'pt-BR');
    const card = within(await screen.findByTestId('rule-cards'));
    expect(card.getByTestId('rule-when').textContent).toBe('Quando Descrição começa com “uber”');
    expect(card.getByTestId('rule-then').textContent).toBe('Então Categorias: substituir por “Transporte, Trabalho”');
    expect(card.getByText('Despesas · Ordem 1')).toBeTruthy();
  });
});

describe('a new mapping rule', { timeout: 20_000 }, () => {
  it('sends one condition in the spec’s fields, with the target, order and change chosen', async () => {
    const { calls } = stubApi((call) => (call.method === 'POST' ? { status: 201, body: { ok: true, id: 'map-new', rev: '1-a' } } : undefined));
    renderAt('/account/acc-1/mappings/new');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Padaria' } });
    await choose(screen.getByRole('textbox', { name: 'Applies to' }), 'Expenses');
    fireEvent.change(screen.getByRole('textbox', { name: /^Order/ }), { target: { value: '2' } });
    await choose(screen.getByRole('textbox', { name: 'Test' }), 'equals');
    fireEvent.change(screen.getByRole('textbox', { name: /^Text to look for/ }), { target: { value: 'padaria' } });
    await choose(screen.getByRole('textbox', { name: 'Change' }), 'Description');
    await choose(screen.getByRole('textbox', { name: 'How' }), 'Add the text at the end');
    fireEvent.change(screen.getByRole('textbox', { name: 'Text to write' }), { target: { value: '(café)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postOf(calls)).toBeTruthy());
    expect(postOf(calls)!.body).toEqual({
      klass: 'Mapping',
      description: 'Padaria',
      active: true,
      order: 2,
      target: 'outgo',
      field_to_watch: 'description',
      kind_of_watch: 'equals',
      text_to_match: 'padaria',
      conditions: null,
      join: null,
      field_to_change: 'description',
      kind_of_change: 'append',
      text_to_change: '(café)',
    });
  });

  it('sends several conditions joined by "any", and shows the tags a categories change will write', async () => {
    const { calls } = stubApi((call) => (call.method === 'POST' ? { status: 201, body: { ok: true, id: 'map-new', rev: '1-a' } } : undefined));
    renderAt('/account/acc-1/mappings/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Text to look for/ }), { target: { value: 'uber' } });
    fireEvent.click(screen.getByTestId('add-condition'));
    const second = within(screen.getAllByTestId('rule-condition')[1]);
    await choose(second.getByRole('textbox', { name: 'Field' }), 'Third party');
    fireEvent.change(second.getByRole('textbox', { name: /^Text to look for/ }), { target: { value: '99' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Any condition holds' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Text to write/ }), { target: { value: 'Transporte, Trabalho' } });
    expect(within(screen.getByTestId('tags')).getAllByText(/.+/).map((b) => b.textContent)).toEqual(['transporte', 'trabalho']);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postOf(calls)).toBeTruthy());
    expect(postOf(calls)!.body).toMatchObject({
      conditions: [
        { field_to_watch: 'description', kind_of_watch: 'contains', text_to_match: 'uber' },
        { field_to_watch: 'third_party', kind_of_watch: 'contains', text_to_match: '99' },
      ],
      join: 'or',
      field_to_change: 'categories',
      kind_of_change: 'replace',
      text_to_change: 'Transporte, Trabalho',
    });
  });

  it('shows the service’s 422 for a costly regex under the text to match, in pt-BR', async () => {
    stubApi((call) => (call.method === 'POST' ? { status: 422, body: { error: 'unprocessable_entity', reason: { text_to_match: 'is-invalid' } } } : undefined));
    renderAt('/account/acc-1/mappings/new', 'pt-BR');
    await choose(await screen.findByRole('textbox', { name: 'Teste' }), 'corresponde a');
    const text = screen.getByRole('textbox', { name: /^Texto a procurar/ });
    fireEvent.change(text, { target: { value: '(a+)+$' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await underField(text).findByText('não é válido')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('needs a text to match before sending', async () => {
    const { calls } = stubApi(() => undefined);
    renderAt('/account/acc-1/mappings/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await underField(screen.getByRole('textbox', { name: /^Text to look for/ })).findByText("can't be blank")).toBeTruthy();
    expect(postOf(calls)).toBeUndefined();
  });
});

describe('editing a mapping rule', { timeout: 20_000 }, () => {
  it('starts from the stored rule of several conditions and sends the change with its revision', async () => {
    const { calls } = stubApi((call) => {
      if (call.method === 'GET' && call.url === '/acc-1/map-bakery') return { body: BAKERY };
      if (call.method === 'PUT') return { body: { ok: true, id: 'map-bakery', rev: '3-c' } };
      return undefined;
    });
    renderAt('/account/acc-1/mappings/map-bakery/edit');
    expect(await screen.findAllByTestId('rule-condition')).toHaveLength(2);
    expect((screen.getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove condition 2' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Active' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/acc-1/map-bakery?rev=2-b');
    expect(put.body).toMatchObject({ _rev: '2-b', active: true, field_to_watch: 'third_party', kind_of_watch: 'contains', text_to_match: 'padaria', conditions: null, join: null });
  });
});

describe('a mapping rule’s page', { timeout: 20_000 }, () => {
  const PREVIEW = {
    rows: [
      { key: 'out-1', value: { klass: 'Outgo', changes: [{ field: 'categories', before: [], after: ['transporte', 'trabalho'] }], applied: ['map-uber'] } },
      { key: 'out-2', value: { klass: 'Outgo', changes: [{ field: 'description', before: 'Uber Eats', after: 'Uber Eats (food)' }], applied: ['map-uber'] } },
    ],
  };

  it('previews what the rule would change on saved records (each named by its description and date), then applies it and says how many changed', async () => {
    const { calls } = stubApi((call) => {
      if (call.method === 'GET' && call.url === '/acc-1/map-uber') return { body: UBER };
      if (call.method === 'GET' && call.url.startsWith('/acc-1/_design/mappings/_view/preview')) return { body: PREVIEW };
      if (call.method === 'PUT' && call.url === '/acc-1/_design/mappings/_update/apply/map-uber') return { body: { ok: true, id: 'map-uber', rev: '1-a', doc: { ...UBER, changed_records: 2 } } };
      if (isFind(call, 'Outgo')) return { body: { docs: [{ _id: 'out-1', description: 'UBER *TRIP', date: '2026-10-02' }, { _id: 'out-2', description: 'Uber Eats', date: '2026-10-03' }] } };
      return undefined;
    });
    renderAt('/account/acc-1/mappings/map-uber');
    expect(await screen.findByRole('heading', { name: 'Uber rides' })).toBeTruthy();
    expect(screen.getByTestId('field-target').textContent).toBe('Expenses');
    fireEvent.click(screen.getByTestId('preview-rule'));
    const rows = await screen.findAllByTestId('rule-preview-row');
    expect(calls.find((c) => c.url.includes('/_view/preview'))!.url).toBe(`/acc-1/_design/mappings/_view/preview?key=${encodeURIComponent('"map-uber"')}`);
    expect((await within(rows[0]).findByRole('link', { name: 'UBER *TRIP' })).getAttribute('href')).toBe('/account/acc-1/outgos/out-1');
    expect(within(rows[0]).getByText('2026-10-02')).toBeTruthy();
    expect(selectorOf(calls.find((c) => isFind(c, 'Outgo'))!)).toEqual({ klass: 'Outgo', _id: { $in: ['out-1', 'out-2'] } });
    expect(within(rows[0]).getAllByText(/transporte|trabalho/).map((b) => b.textContent)).toEqual(['transporte', 'trabalho']);
    expect(within(rows[1]).getByRole('link', { name: 'Uber Eats' })).toBeTruthy();
    expect(within(rows[1]).getByText('Uber Eats (food)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Apply to these records (2)' }));
    expect((await screen.findByTestId('rule-applied')).textContent).toBe('Records changed: 2');
    expect(screen.queryByTestId('rule-preview')).toBeNull();
  });

  it('says when the rule changes no saved record, and deletes the rule after asking', async () => {
    const { calls } = stubApi((call) => {
      if (call.method === 'GET' && call.url === '/acc-1/map-uber') return { body: UBER };
      if (call.method === 'DELETE') return { body: { ok: true, id: 'map-uber', rev: '2-b' } };
      return undefined;
    });
    renderAt('/account/acc-1/mappings/map-uber', 'pt-BR');
    fireEvent.click(await screen.findByRole('button', { name: 'Ver as mudanças' }));
    expect((await screen.findByTestId('preview-empty')).textContent).toBe('Esta regra não muda nenhum registro salvo.');
    expect(screen.queryByTestId('apply-rule')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/acc-1/map-uber?rev=1-a'));
  });
});
