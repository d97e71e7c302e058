import { useEffect, useState } from 'preact/hooks';

/** The page kinds, each at `#/<kind>/<id>`; home is `#/`. */
export type PageKind =
  | 'home'
  | 'block'
  | 'tx'
  | 'address'
  | 'account'
  | 'asset'
  | 'policy'
  | 'script'
  | 'datum'
  | 'epoch'
  | 'pool'
  | 'pools'
  | 'drep'
  | 'proposal'
  | 'governance'
  | 'committee'
  | 'search'
  | 'settings';

export interface Route {
  kind: PageKind | 'unknown';
  id: string;
}

const KINDS: readonly string[] = [
  'block',
  'tx',
  'address',
  'account',
  'asset',
  'policy',
  'script',
  'datum',
  'epoch',
  'pool',
  'pools',
  'drep',
  'proposal',
  'governance',
  'committee',
  'search',
  'settings',
];

/**
 * Hash routes: the API serves one index.html at /explorer/, and every page's address stays a link that
 * can be shared or reloaded.
 */
export function parseRoute(hash: string): Route {
  const [kind = '', ...rest] = hash.replace(/^#\/?/, '').split('/');
  if (kind === '') return { kind: 'home', id: '' };
  const id = decodeURIComponent(rest.join('/'));
  return KINDS.includes(kind) ? { kind: kind as PageKind, id } : { kind: 'unknown', id: kind };
}

export function href(kind: Exclude<PageKind, 'home'>, id = ''): string {
  return `#/${kind}/${encodeURIComponent(id)}`;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const changed = () => {
      setRoute(parseRoute(window.location.hash));
      window.scrollTo(0, 0);
    };
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return route;
}
