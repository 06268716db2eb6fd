import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Req } from '@nestjs/common';
import { createReadStream, promises as fs } from 'fs';
import * as path from 'path';
import { Public } from '../auth/access';

// Serves the built web shell (frontends/shell/dist) when it exists: index.html for the SPA paths, the hashed assets
// under /static/. find-my-way prefers static segments (`/user/*`, `/static/*`, `/app`) over the API's `/:db/:id`, so
// the document API keeps its routes; a database is never named `user`, `account` or `static` (ids are usr-/acc-…).

const DIST = process.env.WEB_DIST ?? path.resolve(__dirname, '../../../frontends/shell/dist');
// Module remotes (Module Federation): MODULES_DIR/<name>/mf-manifest.json and its files, served as /modules/<name>/…;
// a module missing there comes from its workspace build, frontends/<name>/dist (built with assetPrefix /modules/<name>/).
const MODULES_DIR = process.env.MODULES_DIR ?? path.resolve(__dirname, '../../../frontends/modules');
const FRONTENDS_DIR = process.env.FRONTENDS_DIR ?? path.resolve(__dirname, '../../../frontends');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** A file of the shell's dist for a URL path under /static/, or null when outside dist or missing. */
export async function assetFile(dist: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  const file = path.resolve(dist, '.' + path.posix.normalize('/' + decoded));
  if (!file.startsWith(path.resolve(dist) + path.sep)) return null;
  const stat = await fs.stat(file).catch(() => null);
  return stat?.isFile() ? file : null;
}

const MODULE_NAME = /^[a-z][a-z0-9_-]*$/;
// frontends/ holds other workspaces too: only a module's folder is served
const NOT_MODULES = new Set(['shell', 'ui', 'modules', 'node_modules']);

const isDir = async (dir: string) => (await fs.stat(dir).catch(() => null))?.isDirectory() ?? false;
const isFile = async (file: string) => (await fs.stat(file).catch(() => null))?.isFile() ?? false;
const folders = async (dir: string) => (await fs.readdir(dir, { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory()).map((e) => e.name);

/**
 * The module remotes this gateway serves, sorted: a folder of `modulesDir` or a workspace build `frontendsDir/<name>/dist`
 * holding the remote's mf-manifest.json, as moduleFile() finds them. The web app shows a module's menus and feature
 * switch only when its remote is here (a menu item of a missing remote led to "module could not be loaded").
 */
export async function deployedModules(modulesDir: string, frontendsDir: string): Promise<string[]> {
  const names = new Set<string>();
  for (const name of await folders(modulesDir))
    if (MODULE_NAME.test(name) && (await isFile(path.join(modulesDir, name, 'mf-manifest.json')))) names.add(name);
  for (const name of await folders(frontendsDir))
    if (MODULE_NAME.test(name) && !NOT_MODULES.has(name) && !(await isDir(path.join(modulesDir, name))) && (await isFile(path.join(frontendsDir, name, 'dist', 'mf-manifest.json'))))
      names.add(name);
  return [...names].sort();
}

/** deployedModules() of this gateway's folders (MODULES_DIR, FRONTENDS_DIR). */
export const servedModules = () => deployedModules(MODULES_DIR, FRONTENDS_DIR);

/**
 * The file of a module remote for a URL path under /modules/ (`/modules/tickets/static/js/a.js`): from
 * `modulesDir/<name>/` when that folder exists, else from `frontendsDir/<name>/dist/`; null when missing or outside.
 */
export async function moduleFile(modulesDir: string, frontendsDir: string, urlPath: string): Promise<string | null> {
  const rest = urlPath.split('?')[0].replace(/^\/modules\//, '');
  const slash = rest.indexOf('/');
  const name = slash > 0 ? rest.slice(0, slash) : '';
  if (!MODULE_NAME.test(name)) return null;
  const file = rest.slice(slash);
  if (await isDir(path.join(modulesDir, name))) return assetFile(path.join(modulesDir, name), file);
  if (NOT_MODULES.has(name)) return null;
  return assetFile(path.join(frontendsDir, name, 'dist'), file);
}

@ApiExcludeController()
@Controller()
export class WebController {
  @Get([
    'app', 'app.html', 'noop', 'icons', 'checkout', 'checkout/*', 'user/*', 'account/*',
    // the public pages: the landing page (GET / is the API's version endpoint) and the static legal pages
    'welcome', 'terms-and-conditions.html', 'privacy-policy.html', 'refund-policy.html', 'disclaimer.html',
  ])
  @Public()
  async page(@Res() reply: FastifyReply) {
    return this.send(reply, path.join(DIST, 'index.html'), 'no-cache');
  }

  /** The tab icon (shell's public/favicon.*): browsers ask for /favicon.ico whatever the page says. */
  @Get(['favicon.ico', 'favicon.svg'])
  @Public()
  async favicon(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const name = request.url.split('?')[0] === '/favicon.svg' ? 'favicon.svg' : 'favicon.ico';
    return this.send(reply, path.join(DIST, name), 'public, max-age=86400');
  }

  /** Hashed file names: cached for a year. */
  @Get('static/*')
  @Public()
  async asset(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const file = await assetFile(DIST, request.url);
    if (!file) return this.notFound(reply);
    return this.send(reply, file, 'public, max-age=31536000, immutable');
  }

  /** The full copies of tree-shaken shared libraries, for a remote that needs more of them (versioned folders). */
  @Get('independent-packages/*')
  @Public()
  async sharedFallback(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const file = await assetFile(DIST, request.url);
    if (!file) return this.notFound(reply);
    return this.send(reply, file, 'public, max-age=3600');
  }

  /** A module remote's files: the manifest is revalidated (it names the hashed files of the module's current build). */
  @Get('modules/*')
  @Public()
  async moduleFile(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const file = await moduleFile(MODULES_DIR, FRONTENDS_DIR, request.url);
    if (!file) return this.notFound(reply);
    return this.send(reply, file, file.endsWith('.json') ? 'no-cache' : 'public, max-age=3600');
  }

  private async send(reply: FastifyReply, file: string, cache: string) {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return this.notFound(reply);
    reply
      .status(200)
      .header('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream')
      .header('content-length', stat.size)
      .header('cache-control', cache);
    return reply.send(createReadStream(file));
  }

  private notFound(reply: FastifyReply) {
    return reply.status(404).send({ error: 'not_found', reason: 'missing' });
  }
}
