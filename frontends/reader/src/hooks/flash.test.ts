import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFlash } from './flash';

describe('the highlight after closing an item', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is on at once, then toggles at 500, 1000 and 1500 ms (off, on, off) and stays off', () => {
    const { result } = renderHook(() => useFlash());
    expect(result.current.flashing).toBeNull();
    act(() => result.current.flash('rit-1'));
    const at = (ms: number) => {
      act(() => {
        vi.advanceTimersByTime(ms);
      });
      return result.current.flashing;
    };
    expect(result.current.flashing).toBe('rit-1');
    expect(at(499)).toBe('rit-1');
    expect(at(1)).toBeNull();
    expect(at(499)).toBeNull();
    expect(at(1)).toBe('rit-1');
    expect(at(499)).toBe('rit-1');
    expect(at(1)).toBeNull();
    expect(at(5000)).toBeNull();
  });

  it('starts again on the item closed next', () => {
    const { result } = renderHook(() => useFlash());
    act(() => result.current.flash('rit-1'));
    act(() => {
      vi.advanceTimersByTime(700);
    });
    act(() => result.current.flash('rit-2'));
    expect(result.current.flashing).toBe('rit-2');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current.flashing).toBeNull();
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current.flashing).toBe('rit-2');
  });
});
