import { database } from '@frostline/db';

export const modelDatabase = database;
