import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { PriorityBar } from './PriorityBar';

const sections = () => [...document.querySelectorAll('[data-percent]')].map((e) => [e.getAttribute('data-testid'), e.getAttribute('data-percent')]);

describe('PriorityBar', () => {
  it('splits 1/1/1 into 33/33/34 with low taking the remainder', () => {
    renderPage(<PriorityBar counts={{ high: 1, medium: 1, low: 1 }} title="Open tickets by priority" />, '/');
    expect(screen.getByText('Open tickets by priority')).toBeTruthy();
    expect(sections()).toEqual([
      ['priority-high', '33'],
      ['priority-medium', '33'],
      ['priority-low', '34'],
    ]);
    expect(screen.getByText('High 1 · Medium 1 · Low 1')).toBeTruthy();
    expect(screen.getByLabelText('Low: 1 (34%)')).toBeTruthy();
  });

  it('leaves out empty priorities', () => {
    renderPage(<PriorityBar counts={{ high: 0, medium: 3, low: 1 }} title="t" />, '/');
    expect(sections()).toEqual([
      ['priority-medium', '75'],
      ['priority-low', '25'],
    ]);
  });

  it('is an empty bar with no tickets', () => {
    renderPage(<PriorityBar counts={{ high: 0, medium: 0, low: 0 }} title="t" />, '/');
    expect(sections()).toEqual([]);
    expect(screen.getByText('No tickets')).toBeTruthy();
  });
});
