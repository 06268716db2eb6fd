import { defineConfig } from 'vitest/config';

// The frontends' unit and component tests (root `npm test` runs `vitest run --root frontends` after jest).
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['*/src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test-setup.ts'],
    css: false,
  },
});
