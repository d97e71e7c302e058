export const cases = ['case'];
