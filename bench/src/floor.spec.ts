import { loadsComparable, verdict } from './floor';

const side = (mean: number) => ({ start: mean, end: mean, mean });

describe('a figure against its floor', () => {
  it('compares sides whose loads are close, refuses sides a core and a half apart', () => {
    expect(loadsComparable(side(0.5), side(1.2))).toBe(true);
    expect(loadsComparable(side(2.5), side(3.4))).toBe(true);
    expect(loadsComparable(side(0.8), side(2.6))).toBe(false);
  });

  it('reads a speed as at least, a time as at most, and says when it does not compare', () => {
    const base = { measure: 'm', unit: 'x', floorName: 'f', productLoad: side(1), floorLoad: side(1) };
    expect(verdict({ ...base, product: 60, floor: 100, better: 'higher', target: 0.5 })).toEqual({ ratio: 0.6, result: 'met' });
    expect(verdict({ ...base, product: 40, floor: 100, better: 'higher', target: 0.5 }).result).toBe('NOT met');
    expect(verdict({ ...base, product: 20, floor: 10, better: 'lower', target: 1.5 }).result).toBe('NOT met');
    expect(verdict({ ...base, product: 14, floor: 10, better: 'lower', target: 1.5 }).result).toBe('met');
    expect(verdict({ ...base, floorLoad: side(4), product: 14, floor: 10, better: 'lower', target: 1.5 }).result).toBe('not compared');
  });
});
