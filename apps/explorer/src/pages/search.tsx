import { useEffect } from 'preact/hooks';
import { useLoad } from '../load';
import { search, SEARCH_HELP } from '../search';
import { Page, Section, Show } from '../ui';

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
            <>
              <p class="notice" role="status">
                Not found: {result.notFound}.
              </p>
              <Section title="What the search box takes">
                <ul>
                  {SEARCH_HELP.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </Section>
            </>
          ) : (
            <p>Opening…</p>
          )
        }
      </Show>
    </Page>
  );
}
