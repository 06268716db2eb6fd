import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { currentUploader, type RunningUpload } from '../lib/tus-upload';
import { nextToStart, uploadsReducer, type UploadItem, type UploadTarget } from '../lib/uploads';
import { invalidateAfterWrite } from './invalidate';

// The disk's upload queue, kept above the screens (Page.tsx) so an upload goes on, and its bar stays, while the person
// opens another folder. Two run at once (PARALLEL_UPLOADS); each finished one refreshes the listing and the usage.

export interface Uploads {
  items: UploadItem[];
  add: (accountId: string, files: File[], target: UploadTarget) => void;
  cancel: (key: string) => void;
  /** drops the finished rows (only those of `keys` when given) */
  clear: (keys?: readonly string[]) => void;
}

const UploadsContext = createContext<Uploads | null>(null);

let counter = 0;

export function UploadsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [items, dispatch] = useReducer(uploadsReducer, []);
  const files = useRef(new Map<string, { accountId: string; file: File }>());
  const running = useRef(new Map<string, RunningUpload>());

  useEffect(() => {
    for (const item of nextToStart(items)) {
      const source = files.current.get(item.key);
      if (!source || running.current.has(item.key)) continue;
      const key = item.key;
      dispatch({ type: 'start', key });
      const finish = () => {
        running.current.delete(key);
        files.current.delete(key);
      };
      running.current.set(
        key,
        currentUploader()(source.accountId, source.file, item.target, {
          onProgress: (sent, total) => dispatch({ type: 'progress', key, sent, total }),
          onRetry: () => dispatch({ type: 'retrying', key }),
          onSuccess: () => {
            finish();
            dispatch({ type: 'done', key });
            void invalidateAfterWrite(queryClient);
          },
          onError: (error) => {
            finish();
            dispatch({ type: 'failed', key, error });
          },
        }),
      );
    }
  }, [items, queryClient]);

  // leaving the module stops what is still running (tus remembers it: choosing the file again resumes)
  useEffect(() => {
    const map = running.current;
    return () => {
      for (const upload of map.values()) upload.abort();
      map.clear();
    };
  }, []);

  const add = useCallback((accountId: string, list: File[], target: UploadTarget) => {
    const rows = list.map((file) => {
      const key = `u${++counter}`;
      files.current.set(key, { accountId, file });
      return { key, name: file.name, size: file.size, target };
    });
    if (rows.length) dispatch({ type: 'add', items: rows });
  }, []);
  const cancel = useCallback((key: string) => {
    running.current.get(key)?.abort();
    running.current.delete(key);
    files.current.delete(key);
    dispatch({ type: 'cancelled', key });
  }, []);
  const clear = useCallback((keys?: readonly string[]) => dispatch({ type: 'clear', keys }), []);
  const value = useMemo(() => ({ items, add, cancel, clear }), [items, add, cancel, clear]);
  return <UploadsContext.Provider value={value}>{children}</UploadsContext.Provider>;
}

export function useUploads(): Uploads {
  const value = useContext(UploadsContext);
  if (!value) throw new Error('useUploads outside UploadsProvider');
  return value;
}
