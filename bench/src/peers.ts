// What the other Cardano indexers publish about themselves, for the summary's "peers" column: only figures a
// source states, each cited; a row without one says "not published". Measured on their authors' machines, not
// this one, so they set orders of magnitude beside ours, not a race.

export interface Source {
  title: string;
  url: string;
  /** when the source says it was written, or that it does not and when it was read */
  date: string;
}

export const SOURCES = {
  toolCompass: {
    title: 'Cardano Tool Compass (Cardano Foundation), sync-time answers of each indexer',
    url: 'https://cardano-foundation.github.io/cardano-tool-compass/questionnaire/AB10',
    date: 'undated; read 2026-12-01',
  },
  dbSyncFaq: {
    title:
      'dbsync users\' FAQ, "How much disk space does each profile need?" (pg_database_size after a full mainnet sync)',
    url: 'https://input-output-hk.github.io/dbsync/users/faq',
    date: 'undated; read 2026-12-01',
  },
  ryo: {
    title:
      'blockfrost-backend-ryo README, system requirements of its stack (backend, cardano-node, cardano-db-sync, PostgreSQL)',
    url: 'https://github.com/blockfrost/blockfrost-backend-ryo#system-requirements',
    date: 'undated; read 2026-12-01',
  },
  dolos: {
    title: 'Dolos documentation, Operations → Performance',
    url: 'https://docs.txpipe.io/dolos/operations/performance',
    date: 'undated; read 2026-12-01',
  },
  kupo: {
    title: 'Kupo README, system requirements (disk: every output of mainnet, or only the unspent ones)',
    url: 'https://github.com/CardanoSolutions/kupo#system-requirements',
    date: 'undated; read 2026-12-01',
  },
  carp: {
    title: 'Carp README (dcSpark), "How long does it take to sync the database from scratch?"',
    url: 'https://github.com/dcSpark/oura-postgres-sink',
    date: 'undated; read 2026-12-01',
  },
} satisfies Record<string, Source>;

export type SourceKey = keyof typeof SOURCES;

/** A published figure and where it is published. */
export interface Published {
  text: string;
  source: SourceKey;
}

/** The peers' published figures by summary row; a row absent here has none. */
export const PUBLISHED: Partial<Record<'ingest' | 'lightRead' | 'disk' | 'sync', Published[]>> = {
  ingest: [{ text: 'Carp: about 1 h per Alonzo epoch (21,600 blocks)', source: 'carp' }],
  lightRead: [{ text: 'Kupo: most queries 60–700 ms (v2.8.0; not a p99 under load)', source: 'toolCompass' }],
  disk: [
    { text: 'db-sync `everything` ≈ 480 GB, of which `tx_cbor` ≈ 218 GB', source: 'dbSyncFaq' },
    { text: 'blockfrost-backend-ryo asks ≥ 250 GB, 8 cores, 64 GB RAM', source: 'ryo' },
    { text: 'Yaci Store full sync ≈ 689 GB', source: 'toolCompass' },
    { text: 'Kupo ≈ 40 GB (outputs only; ≈ 4 GB unspent only)', source: 'kupo' },
  ],
  sync: [
    {
      text: 'db-sync ≈ 4 days; Yaci Store ≈ 24 h (ledger state: ≈ 3 days); Kupo < 24 h',
      source: 'toolCompass',
    },
    { text: 'Carp 4–5 days', source: 'carp' },
    {
      text: 'Dolos < 20 h from a Mithril snapshot; from origin "several hours to several days"',
      source: 'dolos',
    },
  ],
};
