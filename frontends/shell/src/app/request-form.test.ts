import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RegisterRequest } from '@app/proto';
import { requestForm } from './request-form';

describe('requestForm', () => {
  it("checks the request's fields with the form's checks", () => {
    const schema = requestForm<typeof RegisterRequest>()({ email: z.string().min(1, 'validation.required'), accept: z.boolean() });
    expect(schema.safeParse({ email: 'ana@example.com', accept: true }).success).toBe(true);
    expect(schema.safeParse({ email: '', accept: true }).error?.issues.map((i) => i.message)).toEqual(['validation.required']);
  });

  it('takes no field the request does not have (a compile error, which the typecheck runs)', () => {
    // @ts-expect-error: RegisterRequest has no field `nickname`
    const schema = requestForm<typeof RegisterRequest>()({ email: z.string(), nickname: z.string() });
    expect(Object.keys(schema.shape)).toEqual(['email', 'nickname']);
  });
});
