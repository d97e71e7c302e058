import { useEffect } from 'preact/hooks';
import { useLoad } from '../load';
import { search } from '../search';
import { Page, Show } from '../ui';

export function Search({ query }: { query: string }) {
  const found = useLoad(() => search(query), query);
  useEffect(() => {
    if (found.state === 'done' && 'href' in found.value) window.location.replace(found.value.href);
  }, [found]);
  return (
    <Page title="Search" sub={query}>
      <Show loaded={found}>
        {(result) =>
          'notFound' in result ? (
            <p class="notice" role="status">
              Not found: {result.notFound}.
            </p>
          ) : (
            <p>Opening…</p>
          )
        }
      </Show>
    </Page>
  );
}
