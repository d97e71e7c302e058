export const indexer = 'indexer';
