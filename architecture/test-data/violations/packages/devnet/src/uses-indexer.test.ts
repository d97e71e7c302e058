import { chain } from '@frostline/indexer/testing/chain';

test('indexes', () => expect(chain).toBeDefined());
