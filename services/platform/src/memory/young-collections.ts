import v8 from 'node:v8';
import vm from 'node:vm';

// A process that streams hundreds of MB in chunks of 16 kB–1 MiB (the disk's transfers, a backup's file bytes and
// ndjson lines) makes Buffers that die young, but their bytes live outside V8's heap: a chunk adds little to the heap
// itself, so young collections come rarely and V8 lets tens of MB of dead chunks pile up before collecting for them
// (bench/dav: ~50 MB during a 200 MiB transfer; bench/backup: 30–45 MB, which the allocator then kept resident). A young
// collection after every few MB passed frees them while they are few, for a fraction of a millisecond each. V8 gives a
// program that function only with --expose-gc, set here for a moment while a new context is made and then unset: only
// that context's `gc` is kept, the process's global gets none.

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

/**
 * A counter of bytes that passed and were let go of: after every `everyBytes` of them, a young collection. Count a
 * chunk once nothing holds it any more: one held through two collections is promoted, and only a full one frees it.
 */
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
