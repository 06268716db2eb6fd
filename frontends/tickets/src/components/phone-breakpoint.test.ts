import { DEFAULT_THEME } from '@mantine/core';
import { PHONE_BREAKPOINT, PHONE_MEDIA_QUERY } from '@app/ui';
import { describe, expect, it } from 'vitest';

describe('the phone rule of @app/ui', () => {
  it("is the media query under which Mantine's visibleFrom={PHONE_BREAKPOINT} hides (below the theme's sm, 48em)", () => {
    expect(DEFAULT_THEME.breakpoints[PHONE_BREAKPOINT]).toBe('48em');
    expect(PHONE_MEDIA_QUERY).toBe('(max-width: 47.99em)');
  });
});
