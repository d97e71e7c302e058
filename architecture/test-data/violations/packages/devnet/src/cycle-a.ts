import type { B } from './cycle-b.js';

export interface A {
  b?: B;
}
