import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi } from '../../test/render';
import { davAddress, davCommands } from './WebDavPage';

beforeAll(() => import('./WebDavPage'));
afterEach(() => vi.unstubAllGlobals());

describe('the WebDAV setup', () => {
  it('gives the address on this site, the e-mail as the user name and a link to make a token in the profile', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/disk/webdav');
    const address = await screen.findByTestId('dav-address');
    expect(address.textContent).toBe(`${window.location.origin}/dav/acc-1/`);
    await waitFor(() => expect(screen.getByTestId('dav-user').textContent).toBe('me@example.com'));
    expect(screen.getByRole('button', { name: 'Copy Address' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy User name' })).toBeTruthy();
    // the token tab opens with write preselected and its way back to this page
    expect(screen.getByTestId('tokens-link').getAttribute('href')).toBe(
      '/user/profile?page=user_tokens&access=write&for=webdav&return=%2Faccount%2Facc-1%2Fdisk%2Fwebdav',
    );
    expect(screen.getByText('A user token with write permission, not your password.')).toBeTruthy();
  });

  it('has numbered steps for Windows, macOS, Linux (davfs2) and rclone, with the address in their commands', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/disk/webdav');
    const address = `${window.location.origin}/dav/acc-1/`;
    for (const [id, title, steps] of [
      ['steps-windows', 'Windows', 4],
      ['steps-macos', 'macOS', 4],
      ['steps-linux', 'Linux (davfs2)', 4],
      ['steps-rclone', 'rclone', 4],
    ] as const) {
      const section = await screen.findByTestId(id);
      expect(within(section).getByRole('heading').textContent).toBe(title);
      expect(within(section).getByRole('list').tagName).toBe('OL');
      expect(within(section).getAllByRole('listitem')).toHaveLength(steps);
    }
    await waitFor(() => expect(within(screen.getByTestId('steps-rclone')).getByText(/^rclone config create disk webdav/).textContent).toBe(
      `rclone config create disk webdav url=${address} vendor=other user=me@example.com pass=YOUR_TOKEN --obscure`,
    ));
    expect(within(screen.getByTestId('steps-linux')).getByText(`sudo mount -t davfs ${address} /mnt/disk`)).toBeTruthy();
    expect(within(screen.getByTestId('steps-linux')).getByText(/\/etc\/davfs2\/secrets$/).textContent).toBe(`echo '${address} me@example.com YOUR_TOKEN' | sudo tee -a /etc/davfs2/secrets`);
    expect(within(screen.getByTestId('steps-windows')).getByText(`net use Z: ${address} /user:me@example.com *`)).toBeTruthy();
    expect(within(screen.getByTestId('steps-macos')).getByText(/Connect to Server/)).toBeTruthy();
  });

  it('fills in the token the profile brought back: the password and the commands', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/disk/webdav', 'en', { newToken: 'tok-abc123' });
    expect((await screen.findByTestId('dav-token')).textContent).toBe('tok-abc123');
    expect(screen.getByTestId('dav-token-filled')).toBeTruthy();
    expect(screen.queryByTestId('tokens-link')).toBeNull();
    await waitFor(() => expect(within(screen.getByTestId('steps-rclone')).getByText(/pass=tok-abc123 --obscure$/)).toBeTruthy());
    expect(within(screen.getByTestId('steps-linux')).getByText(/tok-abc123' \| sudo tee/)).toBeTruthy();
  });

  it('warns Windows users that Windows sends passwords only over HTTPS when the site is on plain HTTP', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/disk/webdav');
    expect(window.location.protocol).toBe('http:');
    expect(await within(await screen.findByTestId('steps-windows')).findByText(/Windows sends passwords only over HTTPS/)).toBeTruthy();
  });

  it('reads in Portuguese, with the token stand-in translated', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/disk/webdav', 'pt-BR');
    expect(await screen.findByRole('heading', { name: 'Configurar WebDAV' })).toBeTruthy();
    expect(screen.getByText('Crie um token no seu perfil')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('steps-rclone')).getByText(/pass=SEU_TOKEN --obscure$/)).toBeTruthy());
    expect(within(screen.getByTestId('steps-macos')).getByText(/Conectar ao Servidor/)).toBeTruthy();
  });
});

describe('davAddress and davCommands', () => {
  it('end the address with a slash and escape the account id', () => {
    expect(davAddress('https://disk.example.com', 'acc-1')).toBe('https://disk.example.com/dav/acc-1/');
    expect(davAddress('https://x', 'acc 1')).toBe('https://x/dav/acc%201/');
  });

  it('store the rclone password obscured (--obscure: a long token could pass for an obscured one otherwise)', () => {
    expect(davCommands('https://x/dav/acc-1/', 'a@b.c', 'TOKEN').rcloneCreate).toMatch(/ pass=TOKEN --obscure$/);
  });
});
