import { HISTORY_LIMITS, historyLimit } from './history-scenarios.js';

describe('historyLimit', () => {
  it("gives the history rows issue #50's limits and no other row any", () => {
    expect(historyLimit('history: GET /addresses/{address}/transactions, whale address, page 1')).toBe(
      HISTORY_LIMITS.page1Ms,
    );
    expect(
      historyLimit(
        'history: GET /assets/{asset}/transactions, whale asset, random deep page (count=100, 9 pages)',
      ),
    ).toBe(HISTORY_LIMITS.deepPageMs);
    expect(historyLimit('history: GET /addresses/{address}/total, whale address')).toBe(
      HISTORY_LIMITS.totalMs,
    );
    expect(
      historyLimit('history: GET /accounts/{stake_address}/addresses/assets, whale account, page 1'),
    ).toBe(HISTORY_LIMITS.totalMs);
    expect(historyLimit('busy address, random deep page (count=100)')).toBeNull();
  });
});
