export const chain = ['block'];
