import { useCallback, useEffect, useRef, useState } from 'react';
import { FLASH_MS } from '../lib/contract';

/**
 * The highlight after closing an item (spec §2, §9): on when the item closes, toggled at 500, 1000 and 1500 ms (off,
 * on, off), so the line blinks twice and the eye finds where it was. Closing another item restarts it there.
 */
export function useFlash(): { flashing: string | null; flash: (id: string) => void } {
  const [flashing, setFlashing] = useState<string | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const clear = () => {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
  };
  useEffect(() => clear, []);
  const flash = useCallback((id: string) => {
    clear();
    setFlashing(id);
    let on = true;
    timers.current = FLASH_MS.map((ms) =>
      setTimeout(() => {
        on = !on;
        setFlashing(on ? id : null);
      }, ms),
    );
  }, []);
  return { flashing, flash };
}
