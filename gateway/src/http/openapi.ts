import { readFileSync } from 'fs';
import { dirname, join } from 'path';
import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiResponse, DocumentBuilder, OpenAPIObject, SchemaObject, SwaggerModule } from '@nestjs/swagger';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AccountChildrenReply,
  AccountCreateReply,
  AccountDoc,
  ChangesReply,
  DbInfoReply,
  DocMeta,
  FindQuery,
  FindReply,
  OkReply,
  PublicUser,
  SecurityReply,
  SessionReply,
  UserTokenDoc,
  ViewReply,
  WriteReply,
} from '@app/proto';
import { SESSION_COOKIE, XSRF_HEADER } from './cookies';
import { APP_VERSION_HEADER, ROUTE_NAME_HEADER } from './request-log';

// The OpenAPI document, built by @nestjs/swagger from the controllers' decorators and served offline: JSON at
// /api/docs-json, Swagger UI at /api/docs with the swagger-ui-dist assets that @nestjs/swagger ships (no CDN).
// Reply schemas are generated from proto's zod schemas (STYLE 1); request bodies whose proto schema is deliberately
// loose (`unknown`, validated by the service) are described here.
// The UI page and its assets are served by serveDocsUi() rather than SwaggerModule's `ui` option, which needs
// @fastify/static: that loads the ESM-only `content-disposition` with require(), which Jest's sandbox refused (jest.config.js
// now compiles it for bull-board), and the page needs no more than these few files.

export const DOCS_PATH = 'api/docs';
export const OPENAPI_PATH = '/api/docs-json';

interface ToJsonSchema {
  toJSONSchema(params: { target: 'openapi-3.0' }): unknown;
}
const fromZod = (schema: ToJsonSchema): SchemaObject => schema.toJSONSchema({ target: 'openapi-3.0' }) as SchemaObject;

const str = (description?: string): SchemaObject => ({ type: 'string', ...(description ? { description } : {}) });

export const SCHEMAS: Record<string, SchemaObject> = {
  Error: {
    type: 'object',
    required: ['error', 'reason'],
    properties: {
      error: str('error key of spec §8, e.g. unauthorized, forbidden, conflict, unprocessable_entity'),
      reason: {
        oneOf: [str('a sentence'), { type: 'object', additionalProperties: { type: 'string' }, description: 'field name → message key' }],
      },
    },
    example: { error: 'conflict', reason: 'Record updated by someone else, please refresh' },
  },
  Welcome: {
    type: 'object',
    properties: {
      servicedesk: { type: 'string', example: 'Welcome' },
      version: str(),
      api: { type: 'object', properties: { docs: str(), openapi: str() } },
    },
  },
  ModulesReply: {
    type: 'object',
    required: ['modules'],
    properties: {
      modules: { type: 'array', items: str(), description: 'the web module remotes deployed here (served under /modules/<name>/), sorted' },
    },
    example: { modules: ['tickets'] },
  },
  LoginRequest: {
    type: 'object',
    required: ['username', 'password'],
    properties: { username: str('e-mail address'), password: str() },
  },
  LoginReply: {
    type: 'object',
    properties: { ok: { type: 'boolean', enum: [true] }, name: { type: 'string', nullable: true }, roles: { type: 'array', items: str() } },
  },
  AnonymousSession: {
    type: 'object',
    properties: {
      ok: { type: 'boolean', enum: [true] },
      userCtx: { type: 'object', properties: { name: { type: 'string', nullable: true, enum: [null] }, roles: { type: 'array', items: str(), maxItems: 0 } } },
    },
  },
  RegisterRequest: {
    type: 'object',
    required: ['email', 'accept'],
    properties: {
      email: str(),
      unconfirmed_email: str('alias of email'),
      fullname: str(),
      password: str(),
      password_confirmation: str(),
      accept: { type: 'boolean', description: 'the terms were accepted' },
      locale: { type: 'string', enum: ['en', 'pt-BR'] },
      newsletter: { type: 'boolean' },
    },
  },
  UserUpdateRequest: {
    type: 'object',
    description: 'profile fields; a password change also needs password_confirmation; every change needs current_password',
    properties: {
      _rev: str('alternative to ?rev='),
      fullname: str(),
      newsletter: { type: 'boolean' },
      unconfirmed_email: str(),
      locale: str(),
      password: str(),
      password_confirmation: str(),
      current_password: str(),
      return_url: str(),
    },
  },
  EmailRequest: { type: 'object', required: ['email'], properties: { email: str(), locale: str() } },
  PasswordResetRequest: {
    type: 'object',
    required: ['password', 'password_confirmation'],
    properties: { password: str(), password_confirmation: str() },
  },
  AccountCreateRequest: {
    type: 'object',
    required: ['name'],
    properties: {
      name: str('the group name (required)'),
      parent_account_id: str('a corporate group with no parent that you administer: the new group is its sub-group'),
    },
    example: { name: 'Repair shop' },
  },
  AccountUpdateRequest: {
    type: 'object',
    description: 'the group profile; administrators only',
    properties: { _rev: str('alternative to ?rev='), name: str('required when given'), billing_email: { type: 'string', nullable: true, description: 'free text; empty clears it' } },
    example: { name: 'Repair shop', billing_email: 'billing@example.com' },
  },
  Account: { ...fromZod(AccountDoc), additionalProperties: true },
  AccountCreateReply: fromZod(AccountCreateReply),
  AccountChildrenReply: fromZod(AccountChildrenReply),
  DbInfoReply: fromZod(DbInfoReply),
  ChangesReply: fromZod(ChangesReply),
  SecurityReply: fromZod(SecurityReply),
  OkReply: fromZod(OkReply),
  PublicUser: fromZod(PublicUser),
  SessionReply: fromZod(SessionReply),
  FindQuery: fromZod(FindQuery),
  FindReply: fromZod(FindReply),
  WriteReply: fromZod(WriteReply),
  ViewReply: fromZod(ViewReply),
  UserToken: fromZod(UserTokenDoc),
  Document: { ...fromZod(DocMeta), additionalProperties: true, description: 'a stored document: meta fields plus its klass fields' },
  NewDocument: {
    type: 'object',
    required: ['klass'],
    additionalProperties: true,
    properties: {
      klass: str('the kind of document (routes the call), e.g. UserConfiguration, UserToken, AccountConfiguration, Subscription (an invitation)'),
      _id: str('optional, with the klass prefix'),
    },
    example: { klass: 'UserConfiguration', key: 'locale', value: 'pt-BR' },
  },
};

export type SchemaName = keyof typeof SCHEMAS;

export const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'bad_request: invalid JSON, a forbidden key, text that is not valid Unicode (a lone surrogate), too deep, wrong types',
  401: "unauthorized: 'Please login again' (or the login's 'Email or password is incorrect')",
  403: "forbidden: not your data, 'You need a subscription to access this Group', administrators only, XSRF token missing, read-only token, e-mail not confirmed",
  404: 'not_found',
  409: "conflict: 'Record updated by someone else, please refresh'",
  413: 'payload_too_large: the body is over 1 MiB',
  415: 'unsupported_media_type: send application/json',
  422: 'unprocessable_entity: field errors as a reason map',
  429: 'too_many_requests (with Retry-After)',
  503: 'service_unavailable: the owning service is not deployed or did not answer',
};

/** The error answers a route can give, all in the `{error, reason}` shape (500 is on every route). */
export function ApiErrors(...statuses: number[]) {
  return applyDecorators(
    ...[...statuses, 500].map((status) =>
      ApiResponse({ status, description: ERROR_DESCRIPTIONS[status] ?? 'internal_server_error', schema: ref('Error') }),
    ),
  );
}

export const ApiOk = (status: number, name: SchemaName, description = 'OK') => ApiResponse({ status, description, schema: ref(name) });
export const ApiJsonBody = (name: SchemaName, required = true) => ApiBody({ schema: ref(name), required });

export function buildOpenApiDocument(app: NestFastifyApplication, version: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('ServiceDesk API')
    .setDescription(
      'The database-style JSON API of spec §7. Sign in with POST /_session (cookie `AuthSession`; unsafe requests then ' +
        `need the \`${XSRF_HEADER}\` header equal to the \`XSRF-TOKEN\` cookie) or send \`Authorization: Bearer sdt_…\`. ` +
        `Every response carries \`${APP_VERSION_HEADER}\`; requests may carry \`${ROUTE_NAME_HEADER}\`. Errors are \`{error, reason}\`.`,
    )
    .setVersion(version)
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }, 'session')
    .addApiKey({ type: 'apiKey', in: 'header', name: XSRF_HEADER }, 'xsrf')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'a user token (sdt_…)' }, 'token')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...SCHEMAS } };
  describeFindUnavailable(document);
  return document;
}

export const FIND_UNAVAILABLE =
  'A find routes by `selector.klass` to the service that owns that klass; a klass whose service is not running ' +
  '(a module not deployed here, or its service down) answers 503 service_unavailable, and `GET /_up` names the service.';

/** The `_find` route's own words on its 503 (its decorators live with the documents controller). */
function describeFindUnavailable(document: OpenAPIObject): void {
  const find = document.paths['/{db}/_find']?.post;
  if (!find) return;
  find.description = [find.description, FIND_UNAVAILABLE].filter(Boolean).join('\n\n');
  const unavailable = find.responses?.['503'];
  if (unavailable && 'description' in unavailable) {
    unavailable.description = 'service_unavailable: the service that owns the selector\'s klass is not running (not deployed or down)';
  }
}

export function setupOpenApi(app: NestFastifyApplication, fastify: FastifyInstance, version: string): void {
  SwaggerModule.setup(DOCS_PATH, app, () => buildOpenApiDocument(app, version), {
    jsonDocumentUrl: OPENAPI_PATH,
    raw: ['json'],
    ui: false,
  });
  serveDocsUi(fastify);
}

const UI_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'index.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const UI_HTML = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>ServiceDesk API</title>
    <link rel="stylesheet" type="text/css" href="/${DOCS_PATH}/swagger-ui.css" />
    <link rel="stylesheet" type="text/css" href="/${DOCS_PATH}/index.css" />
    <link rel="icon" type="image/png" href="/${DOCS_PATH}/favicon-32x32.png" sizes="32x32" />
    <link rel="icon" type="image/png" href="/${DOCS_PATH}/favicon-16x16.png" sizes="16x16" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/${DOCS_PATH}/swagger-ui-bundle.js" charset="UTF-8"></script>
    <script src="/${DOCS_PATH}/swagger-ui-standalone-preset.js" charset="UTF-8"></script>
    <script src="/${DOCS_PATH}/swagger-initializer.js" charset="UTF-8"></script>
  </body>
</html>
`;

const UI_INIT = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout',
    withCredentials: true,
    validatorUrl: null, // no badge image from validator.swagger.io: the page loads nothing from elsewhere (its CSP)
  });
};
`;

/** swagger-ui-dist as @nestjs/swagger resolves it (its dependency, the assets it would serve). */
function swaggerUiDir(): string {
  const from = dirname(require.resolve('@nestjs/swagger'));
  return dirname(require.resolve('swagger-ui-dist/absolute-path.js', { paths: [from] }));
}

/** Swagger UI at /api/docs: the page, its initializer and an allow-list of swagger-ui-dist files (read once). */
export function serveDocsUi(fastify: FastifyInstance): void {
  const dir = swaggerUiDir();
  const cache = new Map<string, Buffer>();
  const page = (_req: FastifyRequest, reply: FastifyReply) => reply.type('text/html; charset=utf-8').send(UI_HTML);
  fastify.get(`/${DOCS_PATH}`, page);
  fastify.get(`/${DOCS_PATH}/`, page);
  fastify.get(`/${DOCS_PATH}/index.html`, page);
  fastify.get(`/${DOCS_PATH}/swagger-initializer.js`, (_req, reply) => reply.type('application/javascript; charset=utf-8').send(UI_INIT));
  fastify.get<{ Params: { file: string } }>(`/${DOCS_PATH}/:file`, (req, reply) => {
    const file = req.params.file;
    const type = Object.prototype.hasOwnProperty.call(UI_ASSETS, file) ? UI_ASSETS[file] : undefined;
    if (!type) return reply.status(404).send({ error: 'not_found', reason: 'missing' });
    let body = cache.get(file);
    if (!body) {
      body = readFileSync(join(dir, file));
      cache.set(file, body);
    }
    return reply.type(type).header('cache-control', 'public, max-age=3600').send(body);
  });
}
