// Allowed: model's tests read fixtures.
import { readFileSync } from 'node:fs';
import { decode } from './index.js';

test('decodes', () => expect([decode, readFileSync]).toBeDefined());
