// Allowed: an app's tests run it against another app.
import { indexer } from '@frostline/indexer';
import { chain } from '@frostline/indexer/testing/chain';

test('serves what the indexer wrote', () => expect([indexer, chain]).toBeDefined());
