import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlanIcon } from '@app/ui';
import { renderPage } from '../test/render';

// @app/ui's PlanIcon, tested here where the testing library is declared (the shell renders it on every screen)

describe('PlanIcon', () => {
  it('is an image named by the plan label, a dedicated server as the corporate plan', () => {
    renderPage(
      <>
        <PlanIcon plan="pro" />
        <PlanIcon plan="server" />
        <PlanIcon plan={undefined} />
      </>,
      '/',
    );
    expect(screen.getByRole('img', { name: 'Professional plan' }).dataset.plan).toBe('pro');
    expect(screen.getByRole('img', { name: 'Corporate plan' }).dataset.plan).toBe('corp');
    expect(screen.getByRole('img', { name: 'Free plan' }).dataset.plan).toBe('free');
  });
});
