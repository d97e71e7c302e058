import { testDatabase } from '@frostline/db/testing';
import { cases } from '@frostline/evaluator/testing/cases';
import { helper } from './test-support/helper.js';

export const shipped = [testDatabase, cases, helper];
