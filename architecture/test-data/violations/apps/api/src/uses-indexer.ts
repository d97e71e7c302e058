import { indexer } from '@frostline/indexer';
import { api } from './main.js';

export const apiIndexer = [api, indexer];
