import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, selectorOf, settings, stubApi } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const reported = () => screen.getByRole('textbox', { name: /Reported problem/ });

describe('the ticket form', () => {
  it('previews the title from the first non-empty line of the reported problem, and a typed title wins', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/tickets/new');
    const preview = await screen.findByTestId('title-preview');
    expect(preview.textContent).toBe('Title: —');
    fireEvent.change(reported(), { target: { value: '\n  Printer does not turn on  \nsince Monday' } });
    expect(preview.textContent).toBe('Title: Printer does not turn on');
    fireEvent.change(reported(), { target: { value: 'x'.repeat(80) } });
    expect(preview.textContent).toBe(`Title: ${'x'.repeat(60)}`);
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'My own title' } });
    expect(preview.textContent).toBe('Title: My own title');
  });

  it('refuses to send without a reported problem, then creates the ticket with the chosen priority', async () => {
    const { calls } = stubApi((call) =>
      call.method === 'POST' && call.url === '/acc-1' ? { status: 201, body: { ok: true, id: 'tkt-9', rev: '1-a' } } : undefined,
    );
    renderAt('/account/acc-1/tickets/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText("can't be blank")).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/acc-1')).toBe(false);

    fireEvent.change(reported(), { target: { value: 'Noisy fan\nloud at start' } });
    fireEvent.click(screen.getByRole('radio', { name: 'High' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/acc-1')).toBe(true));
    const body = calls.find((c) => c.method === 'POST' && c.url === '/acc-1')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ klass: 'Ticket', content: 'Noisy fan\nloud at start', priority: 'high', relate_equipment_to_customer: false });
    expect(body.title).toBeUndefined(); // the server derives it
    expect(body.ticket_kind).toBeUndefined(); // project management is off
  });

  it('shows kind, estimation and reviewer only with project management on', async () => {
    stubApi((call) => (selectorOf(call).klass === 'AccountConfiguration' ? { body: { docs: settings({ 'project-management': true }) } } : undefined));
    renderAt('/account/acc-1/tickets/new');
    expect(await screen.findByTestId('kind-field')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Estimation' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Reviewer' })).toBeTruthy();
  });

  it('hides kind, estimation and reviewer with project management off', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/tickets/new');
    await screen.findByTestId('title-preview');
    expect(screen.queryByTestId('kind-field')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Estimation' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Reviewer' })).toBeNull();
  });

  it('says in the empty form that a ticket gets its category checklist, links to Categories, and how to turn checklists on', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/tickets/new');
    const hint = await screen.findByTestId('checklist-hint');
    expect(hint.textContent).toBe(
      'A ticket gets the checklist of its category; edit checklists under Categories. Checklists show on tickets when the Checklist feature is on (Admin page → Features).',
    );
    expect(within(hint).getByRole('link', { name: 'Categories' }).getAttribute('href')).toBe('/account/acc-1/categories');
  });

  it('leaves out how to turn checklists on when the checklist feature is on', async () => {
    stubApi((call) => (selectorOf(call).klass === 'AccountConfiguration' ? { body: { docs: settings({ checklist: true }) } } : undefined));
    renderAt('/account/acc-1/tickets/new');
    await waitFor(() => expect(screen.getByTestId('checklist-hint').textContent).toBe('A ticket gets the checklist of its category; edit checklists under Categories.'));
  });

  it('shows no checklist hint when editing a ticket that already has a checklist', async () => {
    stubApi((call) =>
      call.url === '/acc-1/tkt-1' && call.method === 'GET'
        ? { body: { _id: 'tkt-1', _rev: '1-a', klass: 'Ticket', number: 1, title: 'Old', content: 'Old problem', checklist: [{ text: 'Screen', checked: true }] } }
        : undefined,
    );
    renderAt('/account/acc-1/tickets/tkt-1/edit');
    expect(await screen.findByDisplayValue('Old problem')).toBeTruthy();
    expect(screen.queryByTestId('checklist-hint')).toBeNull();
  });

  it('shows a stale edit as the conflict message of spec §8', async () => {
    stubApi((call) => {
      if (call.url === '/acc-1/tkt-1' && call.method === 'GET')
        return { body: { _id: 'tkt-1', _rev: '1-a', klass: 'Ticket', number: 1, title: 'Old', content: 'Old problem', priority: 'low' } };
      if (call.url.startsWith('/acc-1/tkt-1?rev=') && call.method === 'PUT')
        return { status: 409, body: { error: 'conflict', reason: 'Record updated by someone else, please refresh' } };
      return undefined;
    });
    renderAt('/account/acc-1/tickets/tkt-1/edit');
    expect(await screen.findByDisplayValue('Old problem')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Record updated by someone else, please refresh')).toBeTruthy();
    expect(screen.getByText('Conflict')).toBeTruthy();
  });
});

describe('a ticket from a maintenance', () => {
  it('starts with the maintenance’s equipment and category, and links the new ticket back to the maintenance', async () => {
    const maintenance = { _id: 'mnt-1', _rev: '1-a', klass: 'Maintenance', equipment_id: 'eqp-1', category_id: 'cat-1', next_maintenance: '2026-01-01' };
    const { calls } = stubApi((call) => {
      const klass = selectorOf(call).klass;
      if (klass === 'Equipment') return { body: { docs: [{ _id: 'eqp-1', klass: 'Equipment', identifier: 'NB-001' }] } };
      if (klass === 'Category') return { body: { docs: [{ _id: 'cat-1', klass: 'Category', name: 'Laptops', active: true }] } };
      if (call.method === 'POST' && call.url === '/acc-1') return { status: 201, body: { ok: true, id: 'tkt-4', rev: '1-a' } };
      if (call.method === 'GET' && call.url === '/acc-1/mnt-1') return { body: maintenance };
      if (call.method === 'PUT' && call.url.startsWith('/acc-1/mnt-1?rev=1-a')) return { body: { ok: true, id: 'mnt-1', rev: '2-b' } };
      return undefined;
    });
    renderAt('/account/acc-1/tickets/new?equipment_id=eqp-1&category_id=cat-1&maintenance_id=mnt-1');
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Equipment' }) as HTMLInputElement).value).toBe('NB-001'));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Category' }) as HTMLInputElement).value).toBe('Laptops'));
    fireEvent.change(reported(), { target: { value: 'Yearly cleaning' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url.startsWith('/acc-1/mnt-1'))).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/acc-1')!.body).toMatchObject({ equipment_id: 'eqp-1', category_id: 'cat-1' });
    expect(calls.find((c) => c.method === 'PUT' && c.url.startsWith('/acc-1/mnt-1'))!.body).toMatchObject({ ticket_id: 'tkt-4', equipment_id: 'eqp-1' });
  });
});
