export const testDatabase = 'test db';
