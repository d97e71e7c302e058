import { render } from 'preact';
import { useState } from 'preact/hooks';
import { currentSettings } from './api';
import { Account } from './pages/account';
import { Address } from './pages/address';
import { Asset } from './pages/asset';
import { Block } from './pages/block';
import { Datum } from './pages/datum';
import { Epoch } from './pages/epoch';
import { Committee } from './pages/committee';
import { Drep, Governance, Proposal } from './pages/governance';
import { Home } from './pages/home';
import { Policy } from './pages/policy';
import { Pool, Pools } from './pages/pool';
import { Script } from './pages/script';
import { Search } from './pages/search';
import { Settings } from './pages/settings';
import { Tx } from './pages/tx';
import { href, useRoute, type Route } from './route';
import './style.css';

function Content({ route }: { route: Route }) {
  switch (route.kind) {
    case 'home':
      return <Home />;
    case 'block':
      return <Block id={route.id} />;
    case 'tx':
      return <Tx hash={route.id} />;
    case 'address':
      return <Address address={route.id} />;
    case 'account':
      return <Account stakeAddress={route.id} />;
    case 'asset':
      return <Asset unit={route.id} />;
    case 'policy':
      return <Policy id={route.id} />;
    case 'script':
      return <Script hash={route.id} />;
    case 'datum':
      return <Datum hash={route.id} />;
    case 'epoch':
      return <Epoch id={route.id} />;
    case 'pool':
      return <Pool id={route.id} />;
    case 'pools':
      return <Pools />;
    case 'drep':
      return <Drep id={route.id} />;
    case 'proposal':
      return <Proposal id={route.id} />;
    case 'governance':
      return <Governance />;
    case 'committee':
      return <Committee id={route.id} />;
    case 'search':
      return <Search query={route.id} />;
    case 'settings':
      return <Settings />;
    case 'unknown':
      return (
        <p class="notice" role="status">
          Not found: there is no “{route.id}” page. <a href="#/">Back to the chain</a>
        </p>
      );
  }
}

function SearchBox() {
  const [query, setQuery] = useState('');
  return (
    <form
      role="search"
      class="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (query.trim()) window.location.hash = href('search', query.trim());
      }}
    >
      <label for="search" class="visually-hidden">
        Search
      </label>
      <input
        id="search"
        type="search"
        placeholder="Block height or hash, epoch 12, transaction, address, stake address, asset, pool, DRep, proposal"
        value={query}
        onInput={(event) => setQuery(event.currentTarget.value)}
      />
      <button type="submit">Search</button>
    </form>
  );
}

function App() {
  const route = useRoute();
  return (
    <>
      <a class="skip" href="#content" onClick={skipToContent}>
        Skip to content
      </a>
      <header>
        <a class="brand" href="#/">
          <span aria-hidden="true">❄</span> frostline explorer
        </a>
        <SearchBox />
        <nav aria-label="Main">
          <a href="#/">Chain</a>
          <a href={href('pools')}>Pools</a>
          <a href={href('governance')}>Governance</a>
          <a href={href('settings')}>Settings</a>
        </nav>
      </header>
      <main id="content" tabIndex={-1}>
        <Content route={route} key={`${route.kind}/${route.id}`} />
      </main>
      <footer>
        Reading <code>{currentSettings().apiUrl}</code> through Blockfrost's public paths.
      </footer>
    </>
  );
}

/** The routes live in the hash: the skip link moves the focus instead of changing it. */
function skipToContent(event: MouseEvent) {
  event.preventDefault();
  document.getElementById('content')?.focus();
}

render(<App />, document.getElementById('app')!);
