import { useEffect, useState } from 'preact/hooks';

export type Loaded<T> =
  { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; error: Error };

/**
 * Runs `load` whenever `key` changes (and every `refreshMs`, keeping the last answer shown meanwhile);
 * an answer that arrives after the key changed is dropped.
 */
export function useLoad<T>(load: () => Promise<T>, key: string, refreshMs?: number): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    const run = () =>
      load().then(
        (value) => current && setLoaded({ state: 'done', value }),
        (error: Error) => current && setLoaded({ state: 'failed', error }),
      );
    void run();
    const timer = refreshMs ? setInterval(run, refreshMs) : undefined;
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [key]);
  return loaded;
}
