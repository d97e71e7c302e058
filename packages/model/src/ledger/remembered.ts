/**
 * `compute(key)`, kept in `answers` for the next time (read-only answers, shared). A Map emptied when
 * it holds `max`: an LRU's bookkeeping on every call would cost more than computing again now and then.
 */
export function remembered<T>(
  answers: Map<string, T>,
  max: number,
  key: string,
  compute: (key: string) => T,
): T {
  let answer = answers.get(key);
  if (answer === undefined) {
    if (answers.size >= max) answers.clear();
    answer = compute(key);
    answers.set(key, answer);
  }
  return answer;
}
