export const database = 'db';
