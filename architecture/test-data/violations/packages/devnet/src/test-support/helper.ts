// Allowed: test support uses other packages' test support.
import { cases } from '@frostline/evaluator/testing/cases';

export const helper = cases;
