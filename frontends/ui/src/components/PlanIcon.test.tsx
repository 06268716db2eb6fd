import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { PlanIcon } from './PlanIcon';

describe('PlanIcon', () => {
  it('is an image named by the plan label, a dedicated server as the corporate plan', () => {
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <PlanIcon plan="pro" />
        <PlanIcon plan="server" />
        <PlanIcon plan={undefined} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('img', { name: 'Professional plan' }).dataset.plan).toBe('pro');
    expect(screen.getByRole('img', { name: 'Corporate plan' }).dataset.plan).toBe('corp');
    expect(screen.getByRole('img', { name: 'Free plan' }).dataset.plan).toBe('free');
  });
});
