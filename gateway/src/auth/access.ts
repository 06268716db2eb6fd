import { applyDecorators } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import { Access } from './caller';

// The access of a route, declared with the route (STYLE 3), in the API docs too.

/** Anyone: no session or token is read, no XSRF header needed. */
export const Public = () => Access('public');

/** A session or token is used when present; none is fine. */
export const SessionOptional = () =>
  applyDecorators(Access('optional'), ApiSecurity({ session: [], xsrf: [] }), ApiSecurity({ token: [] }), ApiSecurity({}));

/** A signed-in caller: session cookie (plus X-XSRF-TOKEN on unsafe methods) or bearer token. */
export const SignedIn = () => applyDecorators(Access('user'), ApiSecurity({ session: [], xsrf: [] }), ApiSecurity({ token: [] }));
