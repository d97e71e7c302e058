import { indexer } from '@frostline/indexer';

export const devnetIndexer = indexer;
