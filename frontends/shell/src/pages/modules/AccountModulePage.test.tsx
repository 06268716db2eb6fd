import { screen } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import AccountModulePage from './AccountModulePage';

const loadModule = vi.hoisted(() => vi.fn());
vi.mock('../../federation/load-module', () => ({ loadModule }));

afterEach(() => loadModule.mockReset());

/** A remote page like the tickets remote's: `<Routes>` relative to /account/:account_id/. */
function TicketsPage() {
  const { account_id } = useParams();
  return (
    <Routes>
      <Route path="tickets" element={<h2>Tickets of {account_id}</h2>} />
      <Route path="customers/:record_id/edit" element={<Edit />} />
    </Routes>
  );
}
function Edit() {
  const { record_id } = useParams();
  return <h2>Edit {record_id}</h2>;
}

describe('account paths of a module', () => {
  it("load the owning remote's Page, whose routes match relative to the account", async () => {
    loadModule.mockResolvedValue({ default: TicketsPage });
    renderPage(<AccountModulePage />, '/account/acc-1/tickets', '/account/:account_id/*');
    expect(await screen.findByRole('heading', { name: 'Tickets of acc-1' })).toBeTruthy();
    expect(loadModule).toHaveBeenCalledWith('tickets', 'Page');
  });

  it('serve nested paths of the remote', async () => {
    loadModule.mockResolvedValue({ default: TicketsPage });
    renderPage(<AccountModulePage />, '/account/acc-1/customers/cus-7/edit', '/account/:account_id/*');
    expect(await screen.findByRole('heading', { name: 'Edit cus-7' })).toBeTruthy();
  });

  it('of a module not deployed show the module-load-failed alert', async () => {
    loadModule.mockRejectedValue(new Error('RUNTIME-003'));
    renderPage(<AccountModulePage />, '/account/acc-1/outgos', '/account/:account_id/*');
    expect(await screen.findByText('The module could not be loaded')).toBeTruthy();
    expect(screen.getByText('Module finance is not available right now.')).toBeTruthy();
    expect(loadModule).toHaveBeenCalledWith('finance', 'Page');
  });

  it('that no module owns show not found and load nothing', async () => {
    renderPage(<AccountModulePage />, '/account/acc-1/nothing-here', '/account/:account_id/*');
    expect(await screen.findByTestId('page-not-found')).toBeTruthy();
    expect(loadModule).not.toHaveBeenCalled();
  });
});
