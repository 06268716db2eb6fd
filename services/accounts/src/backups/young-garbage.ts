import v8 from 'node:v8';
import vm from 'node:vm';

// A backup or a restore streams hundreds of MB (file bytes, ndjson lines) through the accounts process in chunks of
// 16–64 kB. A chunk's bytes live outside V8's heap and are freed only when a collection finds its Buffer dead, but a
// chunk adds little to the heap itself: young collections come rarely, and V8 lets tens of MB of such dead bytes pile
// up before it collects for them (bench/backup: 30–45 MB, which the allocator then kept as resident memory). A young
// collection after every few MB passed frees them while they are few, for well under a millisecond each. V8 gives a
// program that function only with --expose-gc, set here for a moment while a new context is made and then unset:
// only that context's `gc` is kept, the process's global gets none.

type Collect = (options: { type: 'minor' }) => void;

let collect: Collect | undefined;

function collector(): Collect {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    try {
      collect = vm.runInNewContext('gc') as Collect;
    } finally {
      v8.setFlagsFromString('--no-expose-gc');
    }
  }
  return collect;
}

/** A counter of bytes that passed: after every `everyBytes` of them, a young collection. */
export function youngCollections(everyBytes = 4 * 1024 * 1024): (bytes: number) => void {
  const gc = collector();
  let passed = 0;
  return (bytes) => {
    passed += bytes;
    if (passed < everyBytes) return;
    passed = 0;
    gc({ type: 'minor' });
  };
}
