export const api = 'api';
