// Allowed: the benchmarks replay test cases.
import { cases } from '@frostline/evaluator/testing/cases';

export const workload = cases;
